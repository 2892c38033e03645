package server_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store/storetest"
)

// advance moves the fake clock (clock_test.go) by d.
func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// browser is a client with a cookie jar, sending the headers a browser
// sends on a same-origin request.
type browser struct {
	t      testing.TB
	client *http.Client
	url    string
}

func newBrowser(t testing.TB, e *env) *browser {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &browser{t: t, client: &http.Client{Jar: jar}, url: e.url}
}

// on returns a browser sending its cookies to another server (of the
// same site, as behind one load balancer).
func (b *browser) on(e *env) *browser {
	other := &browser{t: b.t, client: &http.Client{Jar: b.client.Jar}, url: e.url}
	u, _ := url.Parse(b.url)
	other.client.Jar.SetCookies(mustURL(b.t, e.url), b.client.Jar.Cookies(u))
	return other
}

func mustURL(t testing.TB, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// answer is what a test reads of a response: its status and the session
// cookie it sets, if any.
type answer struct {
	StatusCode int
	cookie     *http.Cookie
}

// send sends a request as the browser's page would, and decodes a JSON
// answer into out (when not nil).
func (b *browser) send(method, path string, body any, out any) answer {
	b.t.Helper()
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = strings.NewReader(string(data))
	}
	req, _ := http.NewRequest(method, b.url+path, rd)
	if method != http.MethodGet {
		req.Header.Set("Origin", b.url)
		req.Header.Set("Sec-Fetch-Site", "same-origin")
	}
	resp, err := b.client.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			b.t.Fatalf("%s %s: answer %q: %v", method, path, data, err)
		}
	}
	return answer{resp.StatusCode, sessionCookieOf(resp)}
}

// visit loads a page as a browser's navigation does, and returns the
// session cookie set, if any.
func (b *browser) visit(path string) *http.Cookie {
	b.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, b.url+path, nil)
	req.Header.Set("Accept", "text/html,application/xhtml+xml")
	req.Header.Set("Sec-Fetch-Dest", "document")
	resp, err := b.client.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	resp.Body.Close()
	return sessionCookieOf(resp)
}

func (b *browser) me() api.Me {
	b.t.Helper()
	var me api.Me
	if resp := b.send("GET", "/api/me", nil, &me); resp.StatusCode != http.StatusOK {
		b.t.Fatalf("GET /api/me: got %d, want 200", resp.StatusCode)
	}
	return me
}

func sessionCookieOf(resp *http.Response) *http.Cookie {
	for _, c := range resp.Cookies() {
		if c.Name == "plateau_session" {
			return c
		}
	}
	return nil
}

func withPage(c *server.Config) {
	c.Static = fstest.MapFS{"index.html": {Data: []byte("<title>x</title>")}}
}

// TestGuestOnFirstVisit: a first page load makes a guest and sets its
// cookie; later requests are that guest, who may rename itself.
func TestGuestOnFirstVisit(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withPage)
	b := newBrowser(t, e)
	c := b.visit("/")
	if c == nil || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Secure || c.MaxAge < 29*24*3600 || c.Path != "/" {
		t.Fatalf("got cookie %+v, want HttpOnly, SameSite=Lax, not Secure over http, a month long, Path=/", c)
	}
	me := b.me()
	if me.ID == "" || !me.Guest || me.Name == "" || me.Username != "" {
		t.Fatalf("got %+v, want a guest with a name", me)
	}
	if again := b.visit("/game/x"); again != nil {
		t.Errorf("second visit: got a new cookie, want the first kept")
	}
	var renamed api.Me
	if resp := b.send("PATCH", "/api/me", api.NameRequest{Name: "  Ada   Lovelace "}, &renamed); resp.StatusCode != 200 || renamed.Name != "Ada Lovelace" {
		t.Fatalf("rename: got %d %+v, want 200 and Ada Lovelace", resp.StatusCode, renamed)
	}
	if got := b.me(); got.ID != me.ID || got.Name != "Ada Lovelace" {
		t.Errorf("after rename: got %+v, want %s named Ada Lovelace", got, me.ID)
	}
}

// TestSecureCookie: behind an https public URL the cookie is Secure.
func TestSecureCookie(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *server.Config) { withPage(c); c.PublicURL = mustURL(t, "https://play.example") })
	resp, _ := e.do("GET", "/", "", map[string]string{"Host": "play.example", "Sec-Fetch-Dest": "document"})
	if c := sessionCookieOf(resp); c == nil || !c.Secure {
		t.Errorf("got cookie %+v, want a Secure one", c)
	}
}

// TestProgramsWithoutCookies: a program sends no cookie and gets none:
// it plays with seat tokens, as before, and no guest is made for it.
func TestProgramsWithoutCookies(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withPage)
	for _, tc := range []struct{ method, path, body string }{
		{"GET", "/", ""},
		{"GET", "/api/catalog", ""},
		{"POST", "/api/games", createBody},
		{"GET", "/api/games", ""},
	} {
		resp, body := e.do(tc.method, tc.path, tc.body, nil)
		if resp.StatusCode >= 300 || sessionCookieOf(resp) != nil {
			t.Errorf("%s %s: got %d, cookie %v (%s), want success and no cookie", tc.method, tc.path, resp.StatusCode, sessionCookieOf(resp), body)
		}
	}
	var eb errorBody
	resp, body := e.do("PATCH", "/api/me", `{"name":"Ada"}`, nil)
	if err := jsonUnmarshal(body, &eb); err != nil || resp.StatusCode != http.StatusUnauthorized || eb.Code != "no_session" {
		t.Errorf("rename without a session: got %d %+v, want 401 no_session", resp.StatusCode, eb)
	}
}

// TestForgedCookie: a cookie naming no session is no session: the API
// does not take it, and the next page load makes a new guest.
func TestForgedCookie(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withPage)
	for _, v := range []string{"ABCDEFGHIJKLMNOPQRSTUVWXYZ", "short", strings.Repeat("A", 4000)} {
		hdr := map[string]string{"Cookie": "plateau_session=" + v}
		var eb errorBody
		resp, body := e.do("PATCH", "/api/me", `{"name":"Ada"}`, hdr)
		if err := jsonUnmarshal(body, &eb); err != nil || resp.StatusCode != http.StatusUnauthorized || eb.Code != "no_session" {
			t.Errorf("forged %.10q: got %d %+v, want 401 no_session", v, resp.StatusCode, eb)
		}
		hdr["Sec-Fetch-Dest"] = "document"
		resp, _ = e.do("GET", "/", "", hdr)
		if c := sessionCookieOf(resp); c == nil || c.Value == v {
			t.Errorf("forged %.10q then a page: got cookie %+v, want a new session", v, c)
		}
	}
}

// TestRenameRules: names are untrusted; a refused one changes nothing.
func TestRenameRules(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withPage)
	b := newBrowser(t, e)
	before := b.me()
	for _, tc := range []struct {
		name string
		code string // "" for accepted
	}{
		{"Zoé", ""},
		{"Jean-Luc O'Neil", ""},
		{"A", "name_invalid"},
		{strings.Repeat("x", 25), "name_invalid"},
		{"<script>", "name_invalid"},
		{"Bob\u202e", "name_invalid"},
		{"12345", "name_invalid"},
		{"AI level 5", "name_reserved"},
		{"Niveau 3", "name_reserved"},
		{"ordinateur", "name_reserved"},
		{"ADMIN", "name_reserved"},
	} {
		var raw json.RawMessage
		resp := b.send("PATCH", "/api/me", api.NameRequest{Name: tc.name}, &raw)
		var eb errorBody
		_ = json.Unmarshal(raw, &eb) // a success has no code
		want := http.StatusOK
		if tc.code != "" {
			want = http.StatusUnprocessableEntity
		}
		if resp.StatusCode != want || eb.Code != tc.code {
			t.Errorf("%q: got %d %q, want %d %q", tc.name, resp.StatusCode, eb.Code, want, tc.code)
		}
		if tc.code == "" {
			before.Name = tc.name
		}
		if got := b.me(); got.Name != before.Name {
			t.Errorf("after %q: got name %q, want %q", tc.name, got.Name, before.Name)
		}
	}
}

// TestSessionExpiry: a session lives a month unused, and each day of use
// moves its end; past it, the browser is a new guest.
func TestSessionExpiry(t *testing.T) {
	t.Parallel()
	clock := newFakeClock()
	e := newEnv(t, func(c *server.Config) { withPage(c); c.Now = clock.Now })
	b := newBrowser(t, e)
	first := b.me()
	clock.advance(20 * 24 * time.Hour)
	var me api.Me
	resp := b.send("GET", "/api/me", nil, &me)
	if c := resp.cookie; me.ID != first.ID || c == nil || c.MaxAge < 29*24*3600 {
		t.Fatalf("after 20 days: got %s, cookie %+v, want %s and its cookie renewed", me.ID, c, first.ID)
	}
	clock.advance(25 * 24 * time.Hour)
	if me := b.me(); me.ID != first.ID {
		t.Fatalf("25 days after the renewal: got %s, want %s still", me.ID, first.ID)
	}
	clock.advance(31 * 24 * time.Hour)
	if me := b.me(); me.ID == first.ID || !me.Guest {
		t.Errorf("after a month unused: got %+v, want a new guest", me)
	}
}

// TestSessionAcrossServers: sessions are in the database, so a cookie
// set by one server is taken by another on the same PostgreSQL.
func TestSessionAcrossServers(t *testing.T) {
	dsn := storetest.PostgresDSN(t)
	t.Parallel()
	schema := storetest.FreshSchema(t, dsn, "sessions")
	a, b := newEnvOn(t, schema, withPage), newEnvOn(t, schema, withPage)
	onA := newBrowser(t, a)
	me := onA.me()
	onB := onA.on(b)
	var renamed api.Me
	if resp := onB.send("PATCH", "/api/me", api.NameRequest{Name: "Grace"}, &renamed); resp.StatusCode != 200 || renamed.ID != me.ID {
		t.Fatalf("rename through the other server: got %d %+v, want 200 for %s", resp.StatusCode, renamed, me.ID)
	}
	if got := onA.me(); got.ID != me.ID || got.Name != "Grace" {
		t.Errorf("back on the first server: got %+v, want %s named Grace", got, me.ID)
	}
}
