package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/notify"
	"github.com/plateau-games/plateau/internal/notify/notifytest"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store/storetest"
)

// mailing is a server on fake time that polls its clocks often and
// e-mails through box.
func mailing(t *testing.T, fc *fakeClock, dsn string, box *notifytest.Mailbox) *env {
	return newEnvOn(t, dsn, func(c *server.Config) {
		c.Clock, c.ClockPoll = fc, 5*time.Millisecond
		n, err := notify.New(context.Background(), notify.Config{Store: c.Store, BaseURL: "https://play.example",
			SMTP: &notify.SMTP{Addr: box.Addr, From: "plateau@play.example", User: "user", Password: "secret"}})
		if err != nil {
			t.Fatal(err)
		}
		c.Notifier = n
	})
}

// TestLowTimeWarning: in a correspondence game of a day a turn, the
// player to move is e-mailed "you are about to time out" 6 hours before
// their deadline, once, even with two servers on one PostgreSQL; their
// move re-arms the warning for the opponent's turn.
func TestLowTimeWarning(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		servers int
	}{{"sqlite", 1}, {"postgres", 2}} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dsn := t.TempDir() + "/test.db"
			if tt.name == "postgres" {
				dsn = storetest.FreshSchema(t, storetest.PostgresDSN(t), "lowtime")
			}
			fc, box := newFakeClock(), notifytest.NewMailbox(t)
			var envs []*env
			for range tt.servers {
				envs = append(envs, mailing(t, fc, dsn, box))
			}
			lowTimeGame(t, fc, box, envs)
		})
	}
}

// lowTimeGame plays the warning scenario on envs, the first serving a,
// the last b.
func lowTimeGame(t *testing.T, fc *fakeClock, box *notifytest.Mailbox, envs []*env) {
	a, b := newBrowser(t, envs[0]), newBrowser(t, envs[0])
	for i, p := range []*browser{a, b} {
		p.me()
		set := notify.Settings{Lang: "en", EmailHours: 24, Email: []string{"ada@example.org", "bob@example.org"}[i], EmailOn: true}
		if resp := p.send("POST", "/api/notify/settings", set, nil); resp.StatusCode != http.StatusOK {
			t.Fatalf("settings: got %d, want 200", resp.StatusCode)
		}
	}
	b = b.on(envs[len(envs)-1])
	c, move := friendsGame(t, a, b, "1d/0")
	move(a, "a1", 0)
	move(b, "b2", 1)
	fc.add(17 * time.Hour) // a's turn: 7 hours left, not yet warned
	envs[0].view(c.ID)
	if got := warnings(box); len(got) != 0 {
		t.Fatalf("got %d warnings 7 hours before the deadline, want none: %+v", len(got), got)
	}
	fc.add(2 * time.Hour) // 5 hours left
	got := waitWarnings(t, box, 1)
	if w := got[0]; w.To != "ada@example.org" || !strings.Contains(w.Body, "5 h") || !strings.Contains(w.Body, c.ID) {
		t.Errorf("got %+v, want ada's warning of 5 hours left in game %s", w, c.ID)
	}
	move(a, "a2", 2)
	fc.add(19 * time.Hour)
	got = waitWarnings(t, box, 2)
	if w := got[1]; w.To != "bob@example.org" || !strings.Contains(w.Body, c.ID) {
		t.Errorf("got %+v, want bob's warning once his turn ran low", w)
	}
	fc.add(time.Hour) // every server polls a few more times
	for _, e := range envs {
		e.view(c.ID)
	}
	if got := warnings(box); len(got) != 2 {
		t.Errorf("got %d warnings, want 2: one per turn however many servers: %+v", len(got), got)
	}
}

// warnings are the time-out warnings among the mailbox's letters (the
// others are "your turn" digests).
func warnings(box *notifytest.Mailbox) []notifytest.Letter {
	var out []notifytest.Letter
	for _, l := range box.Letters() {
		if l.Subject == "Plateau: you are about to time out" {
			out = append(out, l)
		}
	}
	return out
}

// waitWarnings polls until box holds n warnings, or fails after 10 s.
func waitWarnings(t *testing.T, box *notifytest.Mailbox, n int) []notifytest.Letter {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for len(warnings(box)) < n {
		if time.Now().After(deadline) {
			t.Fatalf("got warnings %+v, want %d", warnings(box), n)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return warnings(box)
}
