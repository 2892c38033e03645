package notify_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/notify"
	"github.com/plateau-games/plateau/internal/store"
)

// TestPush sends a turn to a local push service, which decrypts it with
// the browser's private key (RFC 8291) and checks the VAPID signature
// (RFC 8292) and the content.
func TestPush(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	push := newEndpoint(t)
	st := openSQLite(t)
	c := &clock{now: epoch}
	n := newNotifier(t, st, c, roots(push.srv), nil)
	b := newBrowser(t)
	if err := n.SetSettings(ctx, "p1", notify.Settings{Lang: "fr", EmailHours: 24}); err != nil {
		t.Fatal(err)
	}
	if err := n.Subscribe(ctx, "p1", b.subscription(push.srv.URL+"/push/abc")); err != nil {
		t.Fatal(err)
	}
	if err := n.Turn(ctx, "p1", "g-42", 7, notify.Info{Title: "Yoxii", Opponent: "Ada"}); err != nil {
		t.Fatal(err)
	}
	if got := deliver(t, n); got != 1 {
		t.Fatalf("got %d notes delivered, want 1 (push only)", got)
	}
	reqs := push.requests()
	if len(reqs) != 1 {
		t.Fatalf("got %d pushes, want 1", len(reqs))
	}
	r := reqs[0]
	if enc := r.header.Get("Content-Encoding"); enc != "aes128gcm" {
		t.Errorf("got Content-Encoding %q, want aes128gcm", enc)
	}
	if err := checkVAPID(r.header.Get("Authorization"), n.VAPIDPublicKey(), push.srv.URL); err != nil {
		t.Errorf("VAPID: %v", err)
	}
	plain, err := b.decrypt(r.body)
	if err != nil {
		t.Fatalf("decrypting the push: %v", err)
	}
	var msg struct{ Title, Body, URL, Tag string }
	if err := json.Unmarshal(plain, &msg); err != nil {
		t.Fatalf("payload %q: %v", plain, err)
	}
	if msg.Title != "À vous de jouer" || msg.URL != "/#/game/g-42" || !strings.Contains(msg.Body, "Yoxii contre Ada") {
		t.Errorf("got %+v, want the French turn of g-42 against Ada", msg)
	}
	if got := deliver(t, n); got != 0 || len(push.requests()) != 1 {
		t.Errorf("second round: got %d delivered, %d pushes, want nothing more", got, len(push.requests()))
	}
}

// TestPushGone: a subscription its push service no longer knows is
// forgotten, and the note with it.
func TestPushGone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	push := newEndpoint(t)
	push.status = http.StatusGone
	st := openSQLite(t)
	n := newNotifier(t, st, &clock{now: epoch}, roots(push.srv), nil)
	if err := n.Subscribe(ctx, "p1", newBrowser(t).subscription(push.srv.URL+"/push/old")); err != nil {
		t.Fatal(err)
	}
	if err := n.Turn(ctx, "p1", "g1", 1, notify.Info{}); err != nil {
		t.Fatal(err)
	}
	deliver(t, n)
	if s, err := n.Settings(ctx, "p1"); err != nil || s.Browsers != 0 || !s.Push {
		t.Errorf("got %+v, %v, want no browser left (push still on)", s, err)
	}
	if got := deliver(t, n); got != 0 {
		t.Errorf("got %d notes again, want none", got)
	}
}

// TestWebhook sends a turn to a Discord-compatible webhook.
func TestWebhook(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	hook := newEndpoint(t)
	hook.status = http.StatusNoContent
	st := openSQLite(t)
	c := &clock{now: epoch}
	n := newNotifier(t, st, c, roots(hook.srv), nil)
	if err := n.SetSettings(ctx, "p1", notify.Settings{Lang: "en", EmailHours: 24, Webhook: hook.srv.URL + "/api/webhooks/1/x", WebhookOn: true}); err != nil {
		t.Fatal(err)
	}
	if err := n.Turn(ctx, "p1", "g7", 3, notify.Info{Title: "Oshi", Name: "Ada"}); err != nil {
		t.Fatal(err)
	}
	lowTime(t, st, n, "p1", "g7", 3, time.Minute, notify.Info{})
	deliver(t, n)
	reqs := hook.requests()
	if len(reqs) != 1 {
		t.Fatalf("got %d webhook calls, want 1 (turns only)", len(reqs))
	}
	var body map[string]string
	if err := json.Unmarshal(reqs[0].body, &body); err != nil || len(body) != 1 {
		t.Fatalf("got body %q, %v, want {\"content\": ...}", reqs[0].body, err)
	}
	want := "Plateau: it is Ada's turn in Oshi: https://play.example/#/game/g7"
	if body["content"] != want || reqs[0].header.Get("Content-Type") != "application/json" {
		t.Errorf("got %q (%s), want %q as JSON", body["content"], reqs[0].header.Get("Content-Type"), want)
	}
}

// TestWebhookRetry: a failing webhook is tried again later, with a
// backoff, and given up after the attempts allowed.
func TestWebhookRetry(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	hook := newEndpoint(t)
	hook.status = http.StatusServiceUnavailable
	c := &clock{now: epoch}
	n := newNotifier(t, openSQLite(t), c, roots(hook.srv), func(cfg *notify.Config) { cfg.MaxAttempts, cfg.Retry = 3, time.Minute })
	if err := n.SetSettings(ctx, "p1", notify.Settings{Lang: "en", EmailHours: 24, Webhook: hook.srv.URL, WebhookOn: true}); err != nil {
		t.Fatal(err)
	}
	if err := n.Turn(ctx, "p1", "g1", 1, notify.Info{}); err != nil {
		t.Fatal(err)
	}
	for i, step := range []struct {
		wait time.Duration
		want int
	}{{0, 1}, {59 * time.Second, 0}, {time.Second, 1}, {time.Minute, 0}, {time.Minute, 1}, {time.Hour, 0}} {
		c.Add(step.wait)
		if got := deliver(t, n); got != step.want {
			t.Errorf("step %d: got %d delivered, want %d", i, got, step.want)
		}
	}
	if got := len(hook.requests()); got != 3 {
		t.Errorf("got %d calls, want 3 attempts", got)
	}
}

// fakeResolver gives names the addresses a test needs.
type fakeResolver map[string][]netip.Addr

func (f fakeResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	if a, ok := f[host]; ok {
		return a, nil
	}
	return nil, fmt.Errorf("no such host %s", host)
}

func addrs(s ...string) []netip.Addr {
	var out []netip.Addr
	for _, a := range s {
		out = append(out, netip.MustParseAddr(a))
	}
	return out
}

// TestURLSafety: push endpoints and webhooks that are not https, or
// lead to an internal address, are refused with a clear error, and
// nothing is stored.
func TestURLSafety(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	res := fakeResolver{
		"push.example":     addrs("93.184.216.34"),
		"loopback.example": addrs("127.0.0.1"),
		"mixed.example":    addrs("93.184.216.34", "10.0.0.1"),
		"v6.example":       addrs("2606:4700::1111"),
	}
	n := newNotifier(t, openSQLite(t), &clock{now: epoch}, nil, func(cfg *notify.Config) {
		cfg.AllowLocalForTests, cfg.Resolver = false, res
	})
	for _, tc := range []struct {
		url  string
		want string // in the error; "" for accepted
	}{
		{"https://push.example/x", ""},
		{"https://v6.example:8443/x", ""},
		{"http://push.example/x", `"http://" is not https`},
		{"ftp://push.example/x", "not https"},
		{"https://127.0.0.1/x", "internal address 127.0.0.1"},
		{"https://10.1.2.3/x", "internal address 10.1.2.3"},
		{"https://172.16.0.1/x", "internal address"},
		{"https://192.168.1.1/x", "internal address"},
		{"https://169.254.169.254/latest/meta-data", "internal address 169.254.169.254"},
		{"https://[::1]/x", "internal address ::1"},
		{"https://[fc00::1]/x", "internal address fc00::1"},
		{"https://[fd12:3456::1]/x", "internal address"},
		{"https://[fe80::1]/x", "internal address"},
		{"https://[::ffff:127.0.0.1]/x", "internal address"},
		{"https://[64:ff9b::a00:1]/x", "internal address"},
		{"https://[::127.0.0.1]:19443/x", "internal address"}, // IPv4-compatible
		{"https://[::8.8.8.8]/x", "internal address"},
		{"https://[::ffff:0:7f00:1]/x", "internal address"}, // IPv4-translated
		{"https://0.0.0.0/x", "internal address"},
		{"https://100.64.0.1/x", "internal address"},
		{"https://loopback.example/x", `host "loopback.example" is the internal address 127.0.0.1`},
		{"https://mixed.example/x", "internal address 10.0.0.1"},
		{"https://nowhere.example/x", "does not resolve"},
		{"https://user:pw@push.example/x", "user name or password"},
		{"https:///x", "no host"},
		{"https://push.example/" + strings.Repeat("a", 2100), "longer than"},
		{"::not a url", "missing protocol scheme"},
	} {
		t.Run(tc.url[:min(len(tc.url), 40)], func(t *testing.T) {
			b := newBrowser(t)
			subErr := n.Subscribe(ctx, "p-"+tc.url, b.subscription(tc.url))
			hookErr := n.SetSettings(ctx, "h-"+tc.url, notify.Settings{Lang: "en", EmailHours: 24, Webhook: tc.url, WebhookOn: true})
			for what, err := range map[string]error{"push": subErr, "webhook": hookErr} {
				switch {
				case tc.want == "" && err != nil:
					t.Errorf("%s: got %v, want accepted", what, err)
				case tc.want != "" && (!errors.Is(err, notify.ErrUnsafeURL) || !strings.Contains(err.Error(), tc.want)):
					t.Errorf("%s: got %v, want ErrUnsafeURL saying %q", what, err, tc.want)
				}
			}
			s, err := n.Settings(ctx, "p-"+tc.url)
			if err != nil || (s.Browsers == 1) != (tc.want == "") {
				t.Errorf("got %d browsers stored, %v, want %v", s.Browsers, err, tc.want == "")
			}
		})
	}
}

// TestRebinding: a host that resolved to a public address when checked
// but to loopback when dialled (DNS rebinding) is refused by the dialer.
func TestRebinding(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	hook := newEndpoint(t)
	_, port, _ := strings.Cut(strings.TrimPrefix(hook.srv.URL, "https://"), ":")
	res := fakeResolver{"localhost": addrs("93.184.216.34")} // the check's answer; the dialer asks the system
	var logged strings.Builder
	n := newNotifier(t, openSQLite(t), &clock{now: epoch}, roots(hook.srv), func(cfg *notify.Config) {
		cfg.AllowLocalForTests, cfg.Resolver = false, res
		cfg.Log = newLog(&logged)
	})
	url := "https://localhost:" + port + "/hook"
	if err := n.SetSettings(ctx, "p1", notify.Settings{Lang: "en", EmailHours: 24, Webhook: url, WebhookOn: true}); err != nil {
		t.Fatalf("the check's resolver says public: got %v", err)
	}
	if err := n.Turn(ctx, "p1", "g1", 1, notify.Info{}); err != nil {
		t.Fatal(err)
	}
	if got := deliver(t, n); got != 1 {
		t.Fatalf("got %d delivered, want 1", got)
	}
	if got := len(hook.requests()); got != 0 {
		t.Errorf("got %d requests to loopback, want none", got)
	}
	if !strings.Contains(logged.String(), "refusing to connect to the internal address") {
		t.Errorf("log %q: want the dialer's refusal", logged.String())
	}
	if got := deliver(t, n); got != 0 {
		t.Errorf("got %d notes again, want the refused one dropped", got)
	}
}

// TestBadSettings: bad input is refused with a clear error and changes
// nothing.
func TestBadSettings(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	n := newNotifier(t, openSQLite(t), &clock{now: epoch}, nil, nil) // no SMTP
	mailer := newNotifier(t, openSQLite(t), &clock{now: epoch}, nil, func(cfg *notify.Config) {
		cfg.SMTP = &notify.SMTP{Addr: "127.0.0.1:1", From: "plateau@play.example"}
	})
	good := notify.Settings{Lang: "en", EmailHours: 24, Email: "ada@example.org"}
	for _, tc := range []struct {
		name   string
		n      *notify.Notifier
		change func(*notify.Settings)
		want   error
	}{
		{"bad e-mail", mailer, func(s *notify.Settings) { s.Email = "not an address" }, notify.ErrBadEmail},
		{"display name", mailer, func(s *notify.Settings) { s.Email = "Ada <ada@example.org>" }, notify.ErrBadEmail},
		{"header injection", mailer, func(s *notify.Settings) { s.Email = "ada@example.org\r\nBcc: x@y.org" }, notify.ErrBadEmail},
		{"no domain dot", mailer, func(s *notify.Settings) { s.Email = "root@localhost" }, notify.ErrBadEmail},
		{"too long", mailer, func(s *notify.Settings) { s.Email = strings.Repeat("a", 250) + "@example.org" }, notify.ErrBadEmail},
		{"zero period", mailer, func(s *notify.Settings) { s.EmailHours = 0 }, notify.ErrBadSettings},
		{"odd period", mailer, func(s *notify.Settings) { s.EmailHours = 5 }, notify.ErrBadSettings},
		{"negative period", mailer, func(s *notify.Settings) { s.EmailHours = -24 }, notify.ErrBadSettings},
		{"language", mailer, func(s *notify.Settings) { s.Lang = "tlh" }, notify.ErrBadSettings}, // Klingon: no catalog
		{"e-mail on without address", mailer, func(s *notify.Settings) { s.Email, s.EmailOn = "", true }, notify.ErrBadSettings},
		{"e-mail on without SMTP", n, func(s *notify.Settings) { s.EmailOn = true }, notify.ErrBadSettings},
		{"webhook on without URL", mailer, func(s *notify.Settings) { s.WebhookOn = true }, notify.ErrBadSettings},
		{"webhook over http", mailer, func(s *notify.Settings) { s.Webhook = "http://hooks.example/x" }, notify.ErrUnsafeURL},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := good
			tc.change(&s)
			if err := tc.n.SetSettings(ctx, "p1", s); !errors.Is(err, tc.want) {
				t.Errorf("got %v, want %v", err, tc.want)
			}
			if got, err := tc.n.Settings(ctx, "p1"); err != nil || got.Email != "" {
				t.Errorf("got %+v, %v, want nothing stored", got, err)
			}
		})
	}
	var sub notify.Subscription
	sub.Endpoint, sub.Keys.P256dh, sub.Keys.Auth = "https://push.example/x", "AAAA", "c2hvcnQ"
	if err := n.Subscribe(ctx, "p1", sub); !errors.Is(err, notify.ErrBadSubscription) {
		t.Errorf("subscription with bad keys: got %v, want ErrBadSubscription", err)
	}
	if err := n.Turn(ctx, "", "g1", 1, notify.Info{}); !errors.Is(err, notify.ErrNoPlayer) {
		t.Errorf("turn without a player: got %v, want ErrNoPlayer", err)
	}
}

// TestStillToAct: a turn holds while the game is ongoing with the moves
// it had.
func TestStillToAct(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openSQLite(t)
	g := store.Game{ID: "g1", Game: "tictactoe", Start: "3/3/3 x", Seats: [2]store.Seat{{Kind: store.Human}, {Kind: store.Human}},
		Result: store.Ongoing, DrawOffer: store.NoOffer, TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, Version: 1, CreatedAt: epoch, UpdatedAt: epoch}
	if err := st.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	still := notify.StillToAct(st)
	u := store.Update{ID: "g1", Version: 1, Result: store.Ongoing, DrawOffer: store.NoOffer, TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer,
		Append: []store.Move{{Text: "b2", Player: 0}}, At: epoch}
	if err := st.Update(ctx, u); err != nil {
		t.Fatal(err)
	}
	offer := store.Update{ID: "g1", Version: 2, Keep: 1, Result: store.Ongoing, DrawOffer: 0, TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, At: epoch}
	if err := st.Update(ctx, offer); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		ev   notify.Event
		want bool
	}{
		{notify.Event{Game: "g1", Version: 2, Info: notify.Info{Plies: 1}}, true},
		{notify.Event{Game: "g1", Version: 1, Info: notify.Info{Plies: 0}}, false},
		{notify.Event{Game: "gone", Version: 1, Info: notify.Info{Plies: 0}}, false},
	} {
		if got := still(ctx, tc.ev); got != tc.want {
			t.Errorf("%+v: got %v, want %v", tc.ev, got, tc.want)
		}
	}
}
