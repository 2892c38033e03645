package server_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// from is an HTTP client whose connections leave from local address ip
// (another loopback address: another client), one connection a request.
func from(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}}
}

// TestConnShare: one address holding every connection it can (silent
// TCP) gets its share of the cap only, and another address's requests
// all succeed (audit 2026-11-27, D2: 106 of 137 answered 503).
func TestConnShare(t *testing.T) {
	t.Parallel()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "share.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{Registry: game.NewRegistry(tictactoe.Game()), Store: st})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(srv.Handler())
	ts.Listener = server.LimitListener(ts.Listener, 40) // a share of 8 each
	ts.Config.ReadHeaderTimeout = time.Minute           // the silent connections stay
	ts.Start()
	t.Cleanup(func() {
		srv.Close()
		ts.Close()
		st.Close()
	})
	attacker := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}
	refused := 0
	for range 50 {
		c, err := attacker.Dial("tcp", ts.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		_ = c.SetReadDeadline(time.Now().Add(200 * time.Millisecond)) // a net.Conn supports it
		var b [12]byte
		if n, _ := c.Read(b[:]); strings.HasPrefix(string(b[:n]), "HTTP/1.1 503") {
			refused++
		}
	}
	if want := 50 - server.DefaultShare(40); refused != want {
		t.Errorf("the attacker's 50 connections: got %d refused, want %d", refused, want)
	}
	honest, ok := from("127.0.0.3"), 0
	for range 20 {
		if resp, err := honest.Get(ts.URL + "/api/catalog"); err == nil {
			if resp.StatusCode == http.StatusOK {
				ok++
			}
			resp.Body.Close()
		}
	}
	if ok != 20 {
		t.Errorf("another address while one holds its share: got %d of 20 answered 200, want all", ok)
	}
}

// TestSocketShare: behind a trusted proxy, one client's WebSockets stop
// at its share (429), another client's still open.
func TestSocketShare(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *server.Config) {
		c.Limits = server.Limits{SocketsPerClient: 3, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}}
	})
	g := e.create(humans())
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	dial := func(client string) (int, *websocket.Conn) {
		h := http.Header{"X-Forwarded-For": {client}}
		c, resp, err := websocket.Dial(ctx, strings.Replace(e.url, "http", "ws", 1)+"/api/games/"+g.ID+"/ws", &websocket.DialOptions{HTTPHeader: h})
		if err != nil {
			if resp == nil {
				t.Fatal(err)
			}
			return resp.StatusCode, nil
		}
		t.Cleanup(func() { c.CloseNow() })
		return http.StatusSwitchingProtocols, c
	}
	for i, tc := range []struct {
		client string
		want   int
	}{
		{"203.0.113.1", 101}, {"203.0.113.1", 101}, {"203.0.113.1", 101},
		{"203.0.113.1", 429}, // its fourth
		{"203.0.113.2", 101}, // another client
	} {
		if got, _ := dial(tc.client); got != tc.want {
			t.Errorf("socket %d from %s: got %d, want %d", i, tc.client, got, tc.want)
		}
	}
	dial("203.0.113.2")
	_, c := dial("203.0.113.2") // its third: the share is full
	if got, _ := dial("203.0.113.2"); got != 429 {
		t.Fatalf("a fourth socket: got %d, want 429", got)
	}
	c.Close(websocket.StatusNormalClosure, "")
	for got := 0; got != 101; { // the server frees the slot as the socket's handler ends
		if got, _ = dial("203.0.113.2"); got != 101 && ctx.Err() != nil {
			t.Fatalf("a socket after one closed: got %d, want 101", got)
		}
	}
}
