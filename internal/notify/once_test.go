package notify_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/plateau-games/plateau/internal/notify"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/store/storetest"
)

// TestOnceAcrossServers: two notifiers on one PostgreSQL database both
// enqueue the same turns (each server saw the change) and both deliver
// at once; every turn reaches the webhook exactly once. The servers race,
// so whether one enqueues after the other sent varies from run to run;
// TestOnceAfterSent makes that order certain.
func TestOnceAcrossServers(t *testing.T) {
	ns, hook := twoServers(t)
	ctx := context.Background()
	if ns[0].VAPIDPublicKey() != ns[1].VAPIDPublicKey() {
		t.Errorf("got VAPID keys %s and %s, want one key for both servers", ns[0].VAPIDPublicKey(), ns[1].VAPIDPublicKey())
	}
	const games = 40
	var wg sync.WaitGroup
	for _, n := range ns {
		wg.Go(func() {
			for g := range games {
				if err := n.Turn(ctx, "p1", fmt.Sprint("g", g), 1, notify.Info{}); err != nil {
					t.Error(err)
				}
			}
			for {
				sent, err := n.DeliverDue(ctx)
				if err != nil {
					t.Error(err)
				}
				if sent == 0 || err != nil {
					return
				}
			}
		})
	}
	wg.Wait()
	seen := map[string]int{}
	for _, r := range hook.requests() {
		var body map[string]string
		if err := json.Unmarshal(r.body, &body); err != nil {
			t.Fatal(err)
		}
		seen[body["content"]]++
	}
	if len(seen) != games {
		t.Errorf("got %d distinct turns, want %d", len(seen), games)
	}
	for content, times := range seen {
		if times != 1 {
			t.Errorf("%q: got %d calls, want 1", content, times)
		}
	}
}

// TestOnceAfterSent: a server enqueues a turn that another server has
// already sent (it saw the change late, or retried a write it thought
// lost); the turn is not sent again.
func TestOnceAfterSent(t *testing.T) {
	ns, hook := twoServers(t)
	ctx := context.Background()
	for _, n := range ns { // one server after the other: the first sends before the second enqueues
		if err := n.Turn(ctx, "p1", "g1", 1, notify.Info{}); err != nil {
			t.Fatal(err)
		}
		if _, err := n.DeliverDue(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if got := len(hook.requests()); got != 1 {
		t.Errorf("got %d webhook calls, want 1", got)
	}
}

// twoServers returns two notifiers on one fresh PostgreSQL schema, as two
// servers sharing a database, and the webhook that player p1 switched on.
func twoServers(t *testing.T) ([2]*notify.Notifier, *endpoint) {
	dsn := storetest.FreshSchema(t, storetest.PostgresDSN(t), "notify")
	t.Parallel()
	ctx := context.Background()
	hook := newEndpoint(t)
	c := &clock{now: epoch}
	var ns [2]*notify.Notifier
	for i := range ns {
		st, err := store.Open(ctx, dsn, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		ns[i] = newNotifier(t, st, c, roots(hook.srv), func(cfg *notify.Config) { cfg.Owner = fmt.Sprint("server", i) })
	}
	if err := ns[0].SetSettings(ctx, "p1", notify.Settings{Lang: "en", EmailHours: 24, Webhook: hook.srv.URL, WebhookOn: true}); err != nil {
		t.Fatal(err)
	}
	return ns, hook
}
