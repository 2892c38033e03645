package notify

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/textproto"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// SMTP is the mail server the e-mails go through, chosen by the
// operator (so, unlike push endpoints, it may be on a private address).
type SMTP struct {
	// Addr is host:port.
	Addr string
	// From is the sender's address.
	From string
	// User and Password, if User is set, authenticate with PLAIN, which
	// net/smtp allows only over TLS (STARTTLS is used when the server
	// offers it) or to localhost.
	User, Password string
	// TLS is the configuration of STARTTLS (default: verify the host
	// name of Addr).
	TLS *tls.Config
}

// maxEmail is the longest address RFC 5321 allows through.
const maxEmail = 254

// CheckEmail returns the bare address of s, or an error wrapping
// ErrBadEmail: one address, no display name, no line breaks.
func CheckEmail(s string) (string, error) {
	if len(s) > maxEmail || strings.ContainsAny(s, "\r\n") {
		return "", fmt.Errorf("%w: %q", ErrBadEmail, s)
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Name != "" || a.Address != strings.TrimSpace(s) || !strings.Contains(a.Address[strings.LastIndex(a.Address, "@")+1:], ".") {
		return "", fmt.Errorf("%w: %q", ErrBadEmail, s)
	}
	return a.Address, nil
}

// digest sends the player's "your turn" e-mail if none went out this
// period, with every turn the player has waiting; otherwise the note
// waits for the next digest.
func (n *Notifier) digest(ctx context.Context, ns store.NotifySettings, note store.Note) {
	if !ns.EmailOn || ns.Email == "" || n.cfg.SMTP == nil {
		n.settle(ctx, note, fmt.Errorf("%w: e-mail is off", errGone))
		return
	}
	now := n.cfg.Now()
	notes, wait, ok, err := n.st.ClaimDigest(ctx, note.Player, n.cfg.Owner, now, now.Add(ns.EmailPeriod), n.cfg.Lease)
	if err != nil {
		n.settle(ctx, note, err)
		return
	}
	if !ok {
		if err := n.st.RetryNote(ctx, note, n.cfg.Owner, wait); err != nil {
			n.cfg.Log.Warn("notification outbox", "note", note.ID, "err", err)
		}
		return
	}
	var evs []Event
	var kept []store.Note
	for _, nt := range notes {
		var ev Event
		if json.Unmarshal([]byte(nt.Body), &ev) != nil || (n.cfg.Current != nil && !n.cfg.Current(ctx, ev)) {
			n.settle(ctx, nt, nil) // unreadable or no longer true: nothing to say
			continue
		}
		evs, kept = append(evs, ev), append(kept, nt)
	}
	if len(evs) > 0 {
		err = n.sendMail(ctx, ns, digestMail(ns.Lang, evs, n.gameURL))
	}
	if err == nil {
		// Sent: the digest is not claimed again this period. Unsent, its
		// lease runs out and the notes' retry claims it again.
		if err := n.st.DigestSent(ctx, note.Player, n.cfg.Owner); err != nil {
			n.cfg.Log.Warn("notification digest", "player", note.Player, "err", err)
		}
	}
	for _, nt := range kept {
		n.settle(ctx, nt, err)
	}
}

// sendMail sends m to the player's address.
func (n *Notifier) sendMail(ctx context.Context, ns store.NotifySettings, m letter) error {
	if !ns.EmailOn || ns.Email == "" || n.cfg.SMTP == nil {
		return fmt.Errorf("%w: e-mail is off", errGone)
	}
	to, err := CheckEmail(ns.Email)
	if err != nil {
		return fmt.Errorf("%w: %w", errGone, err)
	}
	msg, err := n.encode(to, m)
	if err != nil {
		return err
	}
	return n.cfg.SMTP.send(ctx, to, msg)
}

// encode writes the message with its headers: the subject in RFC 2047,
// the body quoted-printable, so any server takes the accents.
func (n *Notifier) encode(to string, m letter) ([]byte, error) {
	var b bytes.Buffer
	host := "plateau"
	if _, h, ok := strings.Cut(n.cfg.SMTP.From, "@"); ok {
		host = h
	}
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <%s@%s>\r\n", n.cfg.SMTP.From, to,
		mime.QEncoding.Encode("utf-8", m.subject), n.cfg.Now().Format(time.RFC1123Z), rand.Text(), host)
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n")
	b.WriteString("Auto-Submitted: auto-generated\r\n\r\n")
	w := quotedprintable.NewWriter(&b)
	if _, err := w.Write([]byte(strings.ReplaceAll(m.body, "\n", "\r\n"))); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// send delivers one message through the SMTP server, with STARTTLS
// when offered and authentication when configured.
func (s *SMTP) send(ctx context.Context, to string, msg []byte) error {
	d := net.Dialer{Timeout: 10 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", s.Addr)
	if err != nil {
		return fmt.Errorf("notify: smtp: %w", err)
	}
	// The connection is closed whatever happens; Quit, in converse, is
	// where a failure to take the message shows.
	defer conn.Close() //nolint:errcheck // see above
	if err := conn.SetDeadline(time.Now().Add(time.Minute)); err != nil {
		return fmt.Errorf("notify: smtp: %w", err)
	}
	host, _, _ := net.SplitHostPort(s.Addr)
	c, err := smtp.NewClient(conn, host)
	if err != nil {
		return fmt.Errorf("notify: smtp: %w", err)
	}
	if err := s.converse(c, host, to, msg); err != nil {
		return fmt.Errorf("notify: smtp: %w", permanent(err))
	}
	return nil
}

// permanent marks an SMTP refusal for good (a 5xx: no such mailbox,
// refused sender) as not worth a retry.
func permanent(err error) error {
	var te *textproto.Error
	if errors.As(err, &te) && te.Code >= 500 {
		return fmt.Errorf("%w: %w", errGone, err)
	}
	return err
}

// converse is the SMTP dialogue of one message.
func (s *SMTP) converse(c *smtp.Client, host, to string, msg []byte) error {
	if ok, _ := c.Extension("STARTTLS"); ok {
		cfg := s.TLS
		if cfg == nil {
			cfg = &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
		}
		if err := c.StartTLS(cfg); err != nil {
			return err
		}
	}
	if s.User != "" {
		if err := c.Auth(smtp.PlainAuth("", s.User, s.Password, host)); err != nil {
			return err
		}
	}
	if err := c.Mail(s.From); err != nil {
		return err
	}
	if err := c.Rcpt(to); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(msg); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}
