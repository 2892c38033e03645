package server_test

import (
	"context"
	"crypto/x509"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/notify"
	"github.com/plateau-games/plateau/internal/server"
)

// hookServer is a player's webhook: an https server on 127.0.0.1 that
// keeps the messages posted to it.
type hookServer struct {
	srv *httptest.Server
	mu  sync.Mutex
	got []string
}

func newHookServer(t *testing.T) *hookServer {
	h := &hookServer{}
	h.srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct{ Content string }
		data, _ := io.ReadAll(r.Body)
		if json.Unmarshal(data, &body) == nil {
			h.mu.Lock()
			h.got = append(h.got, body.Content)
			h.mu.Unlock()
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(h.srv.Close)
	return h
}

func (h *hookServer) messages() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.got...)
}

// wait polls until the hook holds n messages (a real server delivers
// them in the background), or fails after 10 s.
func (h *hookServer) wait(t *testing.T, n int) []string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for len(h.messages()) < n {
		if time.Now().After(deadline) {
			t.Fatalf("webhook: got %q, want %d messages", h.messages(), n)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return h.messages()
}

// withNotifier gives the server a notifier; with roots, it may post to
// the test hooks on 127.0.0.1 that they sign.
func withNotifier(t *testing.T, roots *x509.CertPool) func(*server.Config) {
	return func(c *server.Config) {
		n, err := notify.New(context.Background(), notify.Config{Store: c.Store, AllowLocalForTests: roots != nil, RootCAs: roots,
			BaseURL: "https://play.example"}) // no Current: a stale note is sent, so a wrong one shows

		if err != nil {
			t.Fatal(err)
		}
		c.Notifier = n
	}
}

// TestTurnNotified: a move that makes it an absent player's turn posts
// to their webhook; a player watching the game is not told.
func TestTurnNotified(t *testing.T) {
	t.Parallel()
	hookA, hookB := newHookServer(t), newHookServer(t)
	pool := x509.NewCertPool()
	pool.AddCert(hookA.srv.Certificate())
	pool.AddCert(hookB.srv.Certificate())
	e := newEnv(t, withNotifier(t, pool))
	a, b := newBrowser(t, e), newBrowser(t, e)
	for p, hook := range map[*browser]*hookServer{a: hookA, b: hookB} {
		p.me()
		set := notify.Settings{Lang: "en", EmailHours: 24, Webhook: hook.srv.URL, WebhookOn: true}
		if resp := p.send("POST", "/api/notify/settings", set, nil); resp.StatusCode != http.StatusOK {
			t.Fatalf("settings: got %d, want 200", resp.StatusCode)
		}
	}
	c, move := friendsGame(t, a, b, "")
	move(a, "a1", 0)
	got := hookB.wait(t, 1)
	if want := "Plateau: it is " + b.me().Name + "'s turn in Tic-tac-toe: https://play.example/#/game/" + c.ID; got[0] != want {
		t.Errorf("got %q, want %q", got[0], want)
	}
	// b now watches the game: its turns are not notified.
	ws, _, err := websocket.Dial(context.Background(), strings.Replace(e.url, "http", "ws", 1)+"/api/games/"+c.ID+"/ws",
		&websocket.DialOptions{HTTPClient: b.client})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	e.waitView(c.ID, func(v view) bool { return v.Seats[1].Connected })
	move(b, "b2", 1)
	hookA.wait(t, 1)
	move(a, "a2", 2)
	move(b, "c3", 3)
	hookA.wait(t, 2)
	if got := hookB.messages(); len(got) != 1 {
		t.Errorf("got %d notifications for the watching player, want only the first: %q", len(got), got)
	}
}

// TestNotifySettingsAPI: the settings round trip for the request's
// player, and bad input is refused with its code, changing nothing.
func TestNotifySettingsAPI(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withNotifier(t, nil))
	p := newBrowser(t, e)
	p.me()
	var s notify.Settings
	if resp := p.send("GET", "/api/notify/settings", nil, &s); resp.StatusCode != http.StatusOK || s.VAPIDKey == "" || s.Lang != "en" || s.MailAvailable {
		t.Fatalf("got %d %+v, want the defaults with a VAPID key and no mail", resp.StatusCode, s)
	}
	for _, tc := range []struct {
		body   any
		status int
		code   string
	}{
		{notify.Settings{Lang: "fr", EmailHours: 6, Webhook: "http://hooks.example/x"}, http.StatusBadRequest, "notify_url"},
		{notify.Settings{Lang: "fr", EmailHours: 6, Webhook: "https://127.0.0.1/x"}, http.StatusBadRequest, "notify_url"},
		{notify.Settings{Lang: "fr", EmailHours: 6, Email: "nope"}, http.StatusBadRequest, "notify_email"},
		{notify.Settings{Lang: "fr", EmailHours: 5}, http.StatusBadRequest, "notify_settings"},
		{`{"lang": "fr", "email_hours": 6, "extra": 1}`, http.StatusBadRequest, "malformed"},
	} {
		var eb errorBody
		if resp := p.send("POST", "/api/notify/settings", tc.body, &eb); resp.StatusCode != tc.status || eb.Code != tc.code {
			t.Errorf("%v: got %d %q, want %d %q", tc.body, resp.StatusCode, eb.Code, tc.status, tc.code)
		}
	}
	var sub notify.Subscription
	sub.Endpoint, sub.Keys.P256dh, sub.Keys.Auth = "https://10.0.0.1/push", "BAAA", "AAAAAAAAAAAAAAAAAAAAAA"
	var eb errorBody
	if resp := p.send("POST", "/api/notify/subscribe", sub, &eb); resp.StatusCode != http.StatusBadRequest || eb.Code != "notify_subscription" {
		t.Errorf("bad keys: got %d %q, want 400 notify_subscription", resp.StatusCode, eb.Code)
	}
	if resp := p.send("GET", "/api/notify/settings", nil, &s); resp.StatusCode != http.StatusOK || s.Lang != "en" || s.Webhook != "" {
		t.Errorf("after refusals: got %+v, want nothing changed", s)
	}
	if st := e.call("GET", "/api/notify/settings", nil, nil); st != http.StatusUnauthorized {
		t.Errorf("a program without a player: got %d, want 401", st)
	}
	off := newEnv(t, nil)
	if st := off.call("GET", "/api/notify/settings", nil, nil); st != http.StatusNotFound {
		t.Errorf("a server without notifications: got %d, want 404", st)
	}
}

// friendsGame starts a tic-tac-toe game between a (first) and b, who
// claims its invite, with the time control given ("" for none); move
// plays a move as a browser.
func friendsGame(t *testing.T, a, b *browser, control string) (created, func(p *browser, mv string, seen int)) {
	t.Helper()
	req := api.CreateRequest{Game: "tictactoe", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}, TimeControl: control}
	var c created
	if resp := a.send("POST", "/api/games", req, &c); resp.StatusCode != http.StatusCreated {
		t.Fatalf("create: got %d", resp.StatusCode)
	}
	_, token, _ := strings.Cut(c.Invite, "token=")
	if resp := b.send("POST", "/api/games/"+c.ID+"/claim", api.ClaimRequest{Tokens: []string{token}}, nil); resp.StatusCode != http.StatusOK {
		t.Fatalf("claim: got %d", resp.StatusCode)
	}
	return c, func(p *browser, mv string, seen int) {
		t.Helper()
		if resp := p.send("POST", "/api/games/"+c.ID+"/moves", api.MoveRequest{Move: mv, Seen: &seen}, nil); resp.StatusCode != http.StatusOK {
			t.Fatalf("move %s: got %d", mv, resp.StatusCode)
		}
	}
}

// TestChallengeNotified: a challenge posts to the challenged player's
// webhook, naming the challenger and the game (issue 30, point 5).
func TestChallengeNotified(t *testing.T) {
	t.Parallel()
	hook := newHookServer(t)
	pool := x509.NewCertPool()
	pool.AddCert(hook.srv.Certificate())
	e := newEnv(t, withNotifier(t, pool))
	a, b := newBrowser(t, e), newBrowser(t, e)
	ma, mb := a.me(), b.me()
	set := notify.Settings{Lang: "en", EmailHours: 24, Webhook: hook.srv.URL, WebhookOn: true}
	if resp := b.send("POST", "/api/notify/settings", set, nil); resp.StatusCode != http.StatusOK {
		t.Fatalf("settings: got %d, want 200", resp.StatusCode)
	}
	if resp := a.send("POST", "/api/lobby/seeks", api.SeekRequest{Game: "tictactoe", To: mb.ID, Kind: "correspondence", TimeControl: "3d"}, nil); resp.StatusCode != http.StatusCreated {
		t.Fatalf("challenge: got %d, want 201", resp.StatusCode)
	}
	got := hook.wait(t, 1)
	want := "Plateau: " + ma.Name + " challenges " + mb.Name + " to Tic-tac-toe: https://play.example/#/lobby"
	if got[0] != want {
		t.Errorf("got %q, want %q", got[0], want)
	}
}
