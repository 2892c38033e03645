package notify_test

import (
	"context"
	"errors"
	"io"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"github.com/plateau-games/plateau/internal/notify"
)

// letter is a message the test SMTP server received.
type letter struct {
	from, to, subject, body string
}

// mailbox is an SMTP server (github.com/emersion/go-smtp) on 127.0.0.1
// that takes PLAIN authentication as user/secret and keeps what it is
// sent.
type mailbox struct {
	addr string
	mu   sync.Mutex
	got  []letter
}

func newMailbox(t *testing.T) *mailbox {
	box := &mailbox{}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &session{box: box}, nil }))
	srv.Domain, srv.AllowInsecureAuth = "localhost", true
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	box.addr = ln.Addr().String()
	go srv.Serve(ln) //nolint:errcheck // ends with Close
	t.Cleanup(func() { srv.Close() })
	return box
}

func (b *mailbox) letters() []letter {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]letter(nil), b.got...)
}

type session struct {
	box      *mailbox
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
	s.box.got = append(s.box.got, letter{s.from, s.to, subject, string(body)})
	s.box.mu.Unlock()
	return nil
}

func (s *session) Reset()        {}
func (s *session) Logout() error { return nil }

// TestEmail: "your turn" e-mails are one digest at most per period the
// player chose, listing every game waiting; "you are about to time out"
// goes at once; live games get none.
func TestEmail(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	box := newMailbox(t)
	c := &clock{now: epoch}
	n := newNotifier(t, openSQLite(t), c, nil, func(cfg *notify.Config) {
		cfg.SMTP = &notify.SMTP{Addr: box.addr, From: "plateau@play.example", User: "user", Password: "secret"}
	})
	if err := n.SetSettings(ctx, "p1", notify.Settings{Lang: "fr", Email: "ada@example.org", EmailOn: true, EmailHours: 6}); err != nil {
		t.Fatal(err)
	}
	turn := func(game string, version int64, info notify.Info) {
		t.Helper()
		if err := n.Turn(ctx, "p1", game, version, info); err != nil {
			t.Fatal(err)
		}
	}
	turn("g1", 2, notify.Info{Title: "Yoxii"})
	turn("g2", 5, notify.Info{Title: "Oxford"})
	turn("g3", 9, notify.Info{Title: "Oshi", RealTime: true})
	deliver(t, n)
	got := box.letters()
	if len(got) != 1 {
		t.Fatalf("got %d e-mails, want one digest", len(got))
	}
	d := got[0]
	if d.to != "ada@example.org" || d.from != "plateau@play.example" || d.subject != "Plateau : à vous de jouer dans 2 partie(s)" {
		t.Errorf("got %+v, want the French digest of 2 games to ada@example.org", d)
	}
	for _, want := range []string{"Yoxii (partie g1)", "https://play.example/#/game/g1", "Oxford (partie g2)", "https://play.example/#/game/g2"} {
		if !strings.Contains(d.body, want) {
			t.Errorf("digest %q: want %q", d.body, want)
		}
	}
	if strings.Contains(d.body, "g3") {
		t.Errorf("digest %q: want no live game", d.body)
	}
	turn("g4", 1, notify.Info{})
	if err := n.LowTime(ctx, "p1", "g1", 4, 90*time.Minute, notify.Info{Title: "Yoxii"}); err != nil {
		t.Fatal(err)
	}
	c.Add(time.Hour)
	deliver(t, n)
	got = box.letters()
	if len(got) != 2 || got[1].subject != "Plateau : votre temps est presque écoulé" || !strings.Contains(got[1].body, "Il vous reste 1 h 30 min dans Yoxii") {
		t.Fatalf("got %+v, want the time-out warning at once and no second digest within 6 hours", got)
	}
	c.Add(5 * time.Hour)
	deliver(t, n)
	got = box.letters()
	if len(got) != 3 || !strings.Contains(got[2].body, "g4") || strings.Contains(got[2].body, "g1") {
		t.Errorf("got %d e-mails, last %+v, want a second digest of g4 alone after 6 hours", len(got), got[len(got)-1])
	}
}

// TestEmailStale: a turn no longer true when the digest goes (the
// player moved) is left out.
func TestEmailStale(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	box := newMailbox(t)
	moved := map[string]bool{"g1": true}
	n := newNotifier(t, openSQLite(t), &clock{now: epoch}, nil, func(cfg *notify.Config) {
		cfg.SMTP = &notify.SMTP{Addr: box.addr, From: "plateau@play.example", User: "user", Password: "secret"}
		cfg.Current = func(_ context.Context, ev notify.Event) bool { return !moved[ev.Game] }
	})
	if err := n.SetSettings(ctx, "p1", notify.Settings{Lang: "en", Email: "ada@example.org", EmailOn: true, EmailHours: 1}); err != nil {
		t.Fatal(err)
	}
	for _, g := range []string{"g1", "g2"} {
		if err := n.Turn(ctx, "p1", g, 1, notify.Info{}); err != nil {
			t.Fatal(err)
		}
	}
	deliver(t, n)
	got := box.letters()
	if len(got) != 1 || strings.Contains(got[0].body, "g1") || !strings.Contains(got[0].body, "game g2") || got[0].subject != "Plateau: your turn in 1 game(s)" {
		t.Errorf("got %+v, want one digest of g2 alone", got)
	}
}
