package notify_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/notify"
	"github.com/plateau-games/plateau/internal/notify/notifytest"
)

// TestEmail: "your turn" e-mails are one digest at most per period the
// player chose, listing every game waiting; "you are about to time out"
// goes at once; live games get none.
func TestEmail(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	box := notifytest.NewMailbox(t)
	c := &clock{now: epoch}
	st := openSQLite(t)
	n := newNotifier(t, st, c, nil, func(cfg *notify.Config) {
		cfg.SMTP = &notify.SMTP{Addr: box.Addr, From: "plateau@play.example", User: "user", Password: "secret"}
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
	got := box.Letters()
	if len(got) != 1 {
		t.Fatalf("got %d e-mails, want one digest", len(got))
	}
	d := got[0]
	if d.To != "ada@example.org" || d.From != "plateau@play.example" || d.Subject != "Plateau : parties où c'est à vous de jouer (2)" {
		t.Errorf("got %+v, want the French digest of 2 games to ada@example.org", d)
	}
	for _, want := range []string{"Yoxii (partie g1)", "https://play.example/#/game/g1", "Oxford (partie g2)", "https://play.example/#/game/g2"} {
		if !strings.Contains(d.Body, want) {
			t.Errorf("digest %q: want %q", d.Body, want)
		}
	}
	if strings.Contains(d.Body, "g3") {
		t.Errorf("digest %q: want no live game", d.Body)
	}
	turn("g4", 1, notify.Info{})
	lowTime(t, st, n, "p1", "g1", 4, 90*time.Minute, notify.Info{Title: "Yoxii"})
	c.Add(time.Hour)
	deliver(t, n)
	got = box.Letters()
	if len(got) != 2 || got[1].Subject != "Plateau : votre temps est presque écoulé" || !strings.Contains(got[1].Body, "Il vous reste 1 h 30 min dans Yoxii") {
		t.Fatalf("got %+v, want the time-out warning at once and no second digest within 6 hours", got)
	}
	c.Add(5 * time.Hour)
	deliver(t, n)
	got = box.Letters()
	if len(got) != 3 || !strings.Contains(got[2].Body, "g4") || strings.Contains(got[2].Body, "g1") {
		t.Errorf("got %d e-mails, last %+v, want a second digest of g4 alone after 6 hours", len(got), got[len(got)-1])
	}
}

// TestEmailStale: a turn no longer true when the digest goes (the
// player moved) is left out.
func TestEmailStale(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	box := notifytest.NewMailbox(t)
	moved := map[string]bool{"g1": true}
	n := newNotifier(t, openSQLite(t), &clock{now: epoch}, nil, func(cfg *notify.Config) {
		cfg.SMTP = &notify.SMTP{Addr: box.Addr, From: "plateau@play.example", User: "user", Password: "secret"}
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
	got := box.Letters()
	if len(got) != 1 || strings.Contains(got[0].Body, "g1") || !strings.Contains(got[0].Body, "game g2") || got[0].Subject != "Plateau: games waiting for your move (1)" {
		t.Errorf("got %+v, want one digest of g2 alone", got)
	}
}
