package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store"
)

// do sends a request with the given headers (and "Host") and returns the
// answer with its body read.
func (e *env) do(method, path, body string, headers map[string]string) (*http.Response, string) {
	e.t.Helper()
	req, _ := http.NewRequest(method, e.url+path, strings.NewReader(body))
	for k, v := range headers {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(b)
}

const createBody = `{"game":"tictactoe","local":true,"seats":[{"kind":"human"},{"kind":"human"}]}`

func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *server.Config) { c.Static = fstest.MapFS{"index.html": {Data: []byte("<title>x</title>")}} })
	for _, path := range []string{"/", "/g/abc", "/api/catalog", "/api/nothing"} {
		resp, _ := e.do("GET", path, "", nil)
		for k, want := range map[string]string{
			"X-Frame-Options":        "DENY",
			"X-Content-Type-Options": "nosniff",
			"Referrer-Policy":        "no-referrer",
		} {
			if got := resp.Header.Get(k); got != want {
				t.Errorf("%s: got %s %q, want %q", path, k, got, want)
			}
		}
		csp := resp.Header.Get("Content-Security-Policy")
		for _, want := range []string{"script-src 'self' 'wasm-unsafe-eval';", "frame-ancestors 'none'", "default-src 'self'"} {
			if !strings.Contains(csp, want) || strings.Contains(csp, "unsafe-inline") {
				t.Errorf("%s: got CSP %q, want %s and no unsafe-inline", path, csp, want)
			}
		}
	}
}

func TestCrossSitePost(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	for _, tc := range []struct {
		name    string
		headers map[string]string
		want    int
	}{
		{"a program", nil, 201},
		{"the page itself", map[string]string{"Sec-Fetch-Site": "same-origin"}, 201},
		{"another site", map[string]string{"Sec-Fetch-Site": "cross-site", "Content-Type": "text/plain"}, 403},
		{"an old browser on another site", map[string]string{"Origin": "http://evil.example"}, 403},
	} {
		resp, body := e.do("POST", "/api/games", createBody, tc.headers)
		if resp.StatusCode != tc.want || (tc.want == 403 && !strings.Contains(body, `"error"`)) {
			t.Errorf("%s: got %d %s, want %d", tc.name, resp.StatusCode, body, tc.want)
		}
	}
}

func TestPublicURL(t *testing.T) {
	t.Parallel()
	pub, _ := url.Parse("https://play.example")
	e := newEnv(t, func(c *server.Config) { c.PublicURL = pub })
	for _, tc := range []struct {
		host, path string
		want       int
	}{
		{"play.example", "/api/catalog", 200},
		{"PLAY.example:443", "/api/catalog", 200},
		{"rebind.example:8080", "/api/catalog", 421},
		{"127.0.0.1", "/", 421},
		{"127.0.0.1", "/healthz", 200}, // load balancers probe by address
	} {
		if resp, body := e.do("GET", tc.path, "", map[string]string{"Host": tc.host}); resp.StatusCode != tc.want {
			t.Errorf("Host %s %s: got %d %s, want %d", tc.host, tc.path, resp.StatusCode, body, tc.want)
		}
	}
	var c struct {
		Invite, InviteURL string
	}
	resp, body := e.do("POST", "/api/games", `{"game":"tictactoe","seats":[{"kind":"human"},{"kind":"human"}]}`, map[string]string{"Host": "play.example"})
	if resp.StatusCode != 201 {
		t.Fatalf("create: got %d %s", resp.StatusCode, body)
	}
	if err := jsonUnmarshal(body, &c); err != nil || c.InviteURL != "https://play.example"+c.Invite || c.Invite == "" {
		t.Errorf("got invite %q, inviteURL %q, want the invite on https://play.example", c.Invite, c.InviteURL)
	}
}

func TestWrongMethod(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	for _, tc := range []struct {
		method, path string
		want         int
		allow        string
	}{
		{"PUT", "/api/games/abc/moves", 405, "POST"},
		{"GET", "/api/games/abc/moves", 405, "POST"},
		{"DELETE", "/api/games", 405, "GET, POST"},
		{"POST", "/api/games/abc", 405, "GET"},
		{"POST", "/api/catalog", 405, "GET"},
		{"GET", "/api/nothing", 404, ""},
		{"DELETE", "/api/games/abc/nothing", 404, ""},
	} {
		resp, body := e.do(tc.method, tc.path, "", nil)
		if resp.StatusCode != tc.want || resp.Header.Get("Allow") != tc.allow || !strings.Contains(body, `"error"`) {
			t.Errorf("%s %s: got %d, Allow %q, %s, want %d, %q", tc.method, tc.path, resp.StatusCode, resp.Header.Get("Allow"), body, tc.want, tc.allow)
		}
	}
}

// TestDrain: once shutdown begins, a request gets a 503 that says so,
// not a closed door (audit D11).
func TestDrain(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	c := e.create(humans())
	e.srv.Drain()
	for _, tc := range []struct{ method, path, body string }{
		{"POST", "/api/games", createBody},
		{"POST", "/api/games/" + c.ID + "/moves", `{"move":"b2","seen":0,"token":"` + c.Seats[0].Token + `"}`},
		{"GET", "/api/games/" + c.ID, ""},
		{"GET", "/healthz", ""},
	} {
		resp, body := e.do(tc.method, tc.path, tc.body, nil)
		if resp.StatusCode != 503 || (tc.path != "/healthz" && !strings.Contains(body, "shutting down")) {
			t.Errorf("%s %s: got %d %s, want 503", tc.method, tc.path, resp.StatusCode, body)
		}
	}
}

// refusing is a store that reads but cannot write, as on a full disk.
type refusing struct{ store.Store }

var errFull = errors.New("database or disk is full")

func (r refusing) Create(context.Context, store.Game) error   { return errFull }
func (r refusing) Update(context.Context, store.Update) error { return errFull }
func (r refusing) Probe(context.Context) error                { return errFull }

func TestHealthNeedsWrites(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	if resp, body := e.do("GET", "/healthz", "", nil); resp.StatusCode != 200 {
		t.Errorf("healthy: got %d %s, want 200", resp.StatusCode, body)
	}
	full := newEnv(t, func(c *server.Config) { c.Store = refusing{c.Store} })
	if resp, body := full.do("GET", "/healthz", "", nil); resp.StatusCode != 503 {
		t.Errorf("refusing writes: got %d %s, want 503", resp.StatusCode, body)
	}
}

func TestStaticCaching(t *testing.T) {
	t.Parallel()
	files := fstest.MapFS{
		"index.html": {Data: []byte("<title>client</title>")},
		"big.js":     {Data: []byte(strings.Repeat("console.log('plateau');\n", 200))},
	}
	e := newEnv(t, func(c *server.Config) { c.Static = files })
	for _, tc := range []struct{ path, accept string }{{"/", "identity"}, {"/big.js", "identity"}, {"/big.js", "gzip"}, {"/g/abc", "identity"}} {
		first, body := e.do("GET", tc.path, "", map[string]string{"Accept-Encoding": tc.accept})
		tag := first.Header.Get("ETag")
		if first.StatusCode != 200 || tag == "" || first.Header.Get("Cache-Control") != "no-cache" || body == "" {
			t.Errorf("%s (%s): got %d, ETag %q, Cache-Control %q, want 200, a tag, no-cache", tc.path, tc.accept, first.StatusCode, tag, first.Header.Get("Cache-Control"))
			continue
		}
		again, body := e.do("GET", tc.path, "", map[string]string{"Accept-Encoding": tc.accept, "If-None-Match": tag})
		if again.StatusCode != 304 || body != "" {
			t.Errorf("%s (%s) again: got %d with %d bytes, want 304 and nothing", tc.path, tc.accept, again.StatusCode, len(body))
		}
	}
	plain, _ := e.do("GET", "/big.js", "", map[string]string{"Accept-Encoding": "identity"})
	zipped, _ := e.do("GET", "/big.js", "", map[string]string{"Accept-Encoding": "gzip"})
	if plain.Header.Get("ETag") == zipped.Header.Get("ETag") {
		t.Errorf("got the same tag %s for the file and its gzipped bytes", plain.Header.Get("ETag"))
	}
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }
