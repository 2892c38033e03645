package notifytest

import (
	"errors"
	"io"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Letter is a message the test SMTP server received.
type Letter struct {
	From, To, Subject, Body string
}

// Mailbox is an SMTP server (github.com/emersion/go-smtp) on 127.0.0.1
// that takes PLAIN authentication as user/secret and keeps what it is
// sent.
type Mailbox struct {
	// Addr is the server's host:port, for notify.SMTP.
	Addr string
	mu   sync.Mutex
	got  []Letter
}

// NewMailbox starts a mailbox, closed when the test ends.
func NewMailbox(t testing.TB) *Mailbox {
	box := &Mailbox{}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &session{box: box}, nil }))
	srv.Domain, srv.AllowInsecureAuth = "localhost", true
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	box.Addr = ln.Addr().String()
	go srv.Serve(ln) //nolint:errcheck // ends with Close
	t.Cleanup(func() { srv.Close() })
	return box
}

// Letters returns what the mailbox received, oldest first.
func (b *Mailbox) Letters() []Letter {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]Letter(nil), b.got...)
}

type session struct {
	box      *Mailbox
	authed   bool
	from, to string
}

func (s *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (s *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != "user" || pass != "secret" {
			return errors.New("bad credentials")
		}
		s.authed = true
		return nil
	}), nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	if !s.authed {
		return smtp.ErrAuthRequired
	}
	s.from = from
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error { s.to = to; return nil }

func (s *session) Data(r io.Reader) error {
	m, err := mail.ReadMessage(r)
	if err != nil {
		return err
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	if err != nil {
		return err
	}
	body, err := io.ReadAll(quotedprintable.NewReader(m.Body))
	if err != nil {
		return err
	}
	s.box.mu.Lock()
	s.box.got = append(s.box.got, Letter{s.from, s.to, subject, string(body)})
	s.box.mu.Unlock()
	return nil
}

func (s *session) Reset()        {}
func (s *session) Logout() error { return nil }

// Wait polls until the mailbox holds n letters (a server sends them in
// the background), or fails the test after 10 s.
func (b *Mailbox) Wait(t testing.TB, n int) []Letter {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for len(b.Letters()) < n {
		if time.Now().After(deadline) {
			t.Fatalf("mailbox: got %d letters, want %d", len(b.Letters()), n)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return b.Letters()
}
