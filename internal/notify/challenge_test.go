package notify_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/internal/notify"
	"github.com/plateau-games/plateau/internal/notify/notifytest"
)

// TestChallenge: a challenge reaches the challenged player's webhook and
// e-mail once, though two servers enqueue it and one enqueues it again
// after sending; a player who switched challenge notices off gets none;
// a real-time challenge sends no e-mail (issue 30, point 5).
func TestChallenge(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	hook, box := newEndpoint(t), notifytest.NewMailbox(t)
	st := openSQLite(t)
	c := &clock{now: epoch}
	var ns [2]*notify.Notifier
	for i, owner := range []string{"server-a", "server-b"} {
		ns[i] = newNotifier(t, st, c, roots(hook.srv), func(cfg *notify.Config) {
			cfg.Owner = owner
			cfg.SMTP = &notify.SMTP{Addr: box.Addr, From: "plateau@play.example", User: "user", Password: "secret"}
		})
	}
	for _, p := range []struct {
		id  string
		off bool
	}{{"p1", false}, {"p2", true}} {
		set := notify.Settings{Lang: "en", EmailHours: 24, Email: p.id + "@example.org", EmailOn: true,
			Webhook: hook.srv.URL, WebhookOn: true, ChallengesOff: p.off}
		if err := ns[0].SetSettings(ctx, p.id, set); err != nil {
			t.Fatal(err)
		}
		if got, _ := ns[1].Settings(ctx, p.id); got.ChallengesOff != p.off {
			t.Errorf("%s's settings: got challenges off %v, want %v", p.id, got.ChallengesOff, p.off)
		}
	}
	info := notify.Info{Title: "Yoxii", Opponent: "Bob"}
	for _, n := range []*notify.Notifier{ns[0], ns[1], ns[0]} { // both servers, then a retry after the send
		for _, p := range []string{"p1", "p2"} {
			if err := n.Challenge(ctx, p, "seek1", info); err != nil {
				t.Fatal(err)
			}
		}
		deliver(t, n)
	}
	reqs := hook.requests()
	if len(reqs) != 1 {
		t.Fatalf("got %d webhook calls, want 1 (p1's, once)", len(reqs))
	}
	var body map[string]string
	want := "Plateau: Bob challenges you to Yoxii: https://play.example/#/lobby"
	if err := json.Unmarshal(reqs[0].body, &body); err != nil || body["content"] != want {
		t.Errorf("webhook: got %q %v, want %q", reqs[0].body, err, want)
	}
	letters := box.Letters()
	if len(letters) != 1 || letters[0].To != "p1@example.org" || letters[0].Subject != "Plateau: a challenge" ||
		!strings.Contains(letters[0].Body, "Bob challenges you to Yoxii.") {
		t.Fatalf("e-mails: got %+v, want one challenge to p1", letters)
	}
	if err := ns[1].Challenge(ctx, "p1", "seek2", notify.Info{Title: "Oshi", Opponent: "Bob", RealTime: true}); err != nil {
		t.Fatal(err)
	}
	deliver(t, ns[1])
	if got, mails := len(hook.requests()), len(box.Letters()); got != 2 || mails != 1 {
		t.Errorf("a real-time challenge: got %d webhook calls and %d e-mails, want 2 and still 1", got, mails)
	}
}
