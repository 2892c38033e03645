package server_test

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/server/servertest"
)

// testClock is a clock the test moves by hand.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *testClock { return &testClock{t: time.Now()} }

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// callFrom is call with an X-Forwarded-For header naming the client; it
// returns the status and the Retry-After header.
func (e *env) callFrom(client, method, path string, body string) (int, string) {
	e.t.Helper()
	req, _ := http.NewRequest(method, e.url+path, strings.NewReader(body))
	req.Header.Set("X-Forwarded-For", client)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode, resp.Header.Get("Retry-After")
}

func TestRateLimits(t *testing.T) {
	t.Parallel()
	clock := newClock()
	e := newEnv(t, func(c *server.Config) {
		c.Now = clock.now
		c.Limits = server.Limits{Create: server.Rate{N: 2, Per: time.Minute}, Move: server.Rate{N: 1, Per: time.Hour},
			Export: server.Rate{N: 1, Per: time.Second},
			// The test's requests come from 127.0.0.1: a proxy naming its clients.
			TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}}
	})
	create := `{"game":"tictactoe","local":true,"seats":[{"kind":"human"},{"kind":"human"}]}`
	for _, tc := range []struct {
		client, method, path string
		advance              time.Duration
		want                 int
		retry                string
	}{
		{"203.0.113.1", "POST", "/api/games", 0, 201, ""},
		{"203.0.113.1", "POST", "/api/games", 0, 201, ""},
		{"203.0.113.1", "POST", "/api/games", 0, 429, "30"}, // 2 a minute: one every 30 s
		{"203.0.113.2", "POST", "/api/games", 0, 201, ""},   // another client
		{"2001:db8::1", "POST", "/api/games", 0, 201, ""},
		{"2001:db8::1", "POST", "/api/games", 0, 201, ""},
		{"2001:db8::2", "POST", "/api/games", 0, 429, "30"}, // the same /64
		{"203.0.113.1", "POST", "/api/games", 29 * time.Second, 429, "1"},
		{"203.0.113.1", "POST", "/api/games", time.Second, 201, ""},
		{"203.0.113.1", "GET", "/api/records", 0, 200, ""},
		{"203.0.113.1", "GET", "/api/records", 0, 429, "1"},
		{"203.0.113.1", "GET", "/api/catalog", 0, 200, ""}, // not limited
	} {
		clock.advance(tc.advance)
		body := ""
		if tc.method == "POST" {
			body = create
		}
		got, retry := e.callFrom(tc.client, tc.method, tc.path, body)
		if got != tc.want || retry != tc.retry {
			t.Errorf("%s %s %s: got %d, Retry-After %q, want %d, %q", tc.client, tc.method, tc.path, got, retry, tc.want, tc.retry)
		}
	}
	c := e.create(humans()) // from 127.0.0.1, with no X-Forwarded-For
	if st, _, _ := e.play(c.ID, c.Seats[0].Token, "b2", 0); st != 200 {
		t.Errorf("first move: got %d, want 200", st)
	}
	st, _, msg := e.play(c.ID, c.Seats[1].Token, "a1", 1)
	if st != 429 || msg == "" {
		t.Errorf("second move within the hour: got %d %q, want 429 with a message", st, msg)
	}
}

// rawRequest sends text on a new connection and returns the first line
// of the answer, or the error that ended the wait.
func rawRequest(t *testing.T, url, text string) (string, error) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if err := conn.SetDeadline(time.Now().Add(20 * time.Second)); err != nil { // the test's own bound, not the server's
		return "", err
	}
	if _, err := conn.Write([]byte(text)); err != nil {
		return "", err
	}
	return bufio.NewReader(conn).ReadString('\n')
}

// TestSilentBody sends headers announcing a body and then nothing: the
// server must give up on it (audit D4) instead of holding it forever.
func TestSilentBody(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *server.Config) { c.Limits.BodyTimeout = 200 * time.Millisecond })
	line, err := rawRequest(t, e.url, "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{")
	if err != nil || !strings.HasPrefix(line, "HTTP/1.1 408") {
		t.Errorf("got %q, %v, want a 408", line, err)
	}
}

// TestConnectionCap holds every connection the server allows with
// silent clients: one more is refused at once, and once the silent ones
// time out the server answers again.
func TestConnectionCap(t *testing.T) {
	t.Parallel()
	ts := servertest.Start(t, server.Config{}, servertest.Before(func(ts *httptest.Server) {
		ts.Listener = server.LimitListener(ts.Listener, 8)
		ts.Config.ReadHeaderTimeout = 3 * time.Second // long enough for the 9th to find every slot taken
	})).HTTP
	var silent []net.Conn
	for range 8 {
		c, err := net.Dial("tcp", ts.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		silent = append(silent, c)
		defer c.Close()
	}
	line, err := rawRequest(t, ts.URL, "")
	if err != nil || !strings.HasPrefix(line, "HTTP/1.1 503") {
		t.Errorf("over the cap: got %q, %v, want a 503 at once", line, err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := http.Get(ts.URL + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server never answered again: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	for i, c := range silent { // the server hung up on every silent client
		if err := c.SetReadDeadline(time.Now().Add(20 * time.Second)); err != nil {
			t.Fatal(err)
		}
		if b, err := bufio.NewReader(c).ReadString('\n'); err == nil && !strings.HasPrefix(b, "HTTP/1.1 408") {
			t.Errorf("silent connection %d: got %q, want it closed", i, b)
		} else if err != nil && !strings.Contains(fmt.Sprint(err), "EOF") && !strings.Contains(fmt.Sprint(err), "reset") {
			t.Errorf("silent connection %d: got %v, want it closed by the server", i, err)
		}
	}
}

func TestRecordsPages(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	want := map[string]bool{}
	for range 3 {
		want[e.create(humans()).ID] = true
	}
	got := map[string]bool{}
	path := "/api/records?status=recent&limit=2"
	for pages := 0; path != ""; pages++ {
		if pages > 3 {
			t.Fatal("too many pages")
		}
		resp, err := http.Get(e.url + path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			id, _, _ := strings.Cut(strings.TrimPrefix(sc.Text(), `{"id":"`), `"`)
			if got[id] {
				t.Errorf("game %s on two pages", id)
			}
			got[id] = true
		}
		resp.Body.Close()
		path = ""
		if link := resp.Header.Get("Link"); link != "" {
			path = strings.TrimSuffix(strings.TrimPrefix(link, "<"), `>; rel="next"`)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got games %v, want %v", got, want)
	}
	for _, q := range []string{"limit=1001", "cursor=nonsense", "cursor=12.", "limit=0"} {
		if st := e.call("GET", "/api/records?"+q, nil, nil); st != 400 {
			t.Errorf("%s: got %d, want 400", q, st)
		}
	}
}

// TestExpire deletes the games nobody moved in once they are a day old,
// and keeps those a human played in.
func TestExpire(t *testing.T) {
	t.Parallel()
	clock := newClock()
	e := newEnv(t, func(c *server.Config) { c.Now, c.IdleEvict = clock.now, 20*time.Millisecond })
	idle, played := e.create(humans()), e.create(humans())
	if st, _, _ := e.play(played.ID, played.Seats[0].Token, "b2", 0); st != 200 {
		t.Fatalf("move: got %d", st)
	}
	if st, _, _ := e.play(played.ID, played.Seats[1].Token, "a1", 1); st != 200 {
		t.Fatalf("move: got %d", st)
	}
	clock.advance(25 * time.Hour)
	deadline := time.Now().Add(20 * time.Second)
	for e.call("GET", "/api/games/"+idle.ID, nil, nil) != 404 {
		if time.Now().After(deadline) {
			t.Fatal("the idle game was never deleted")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if st := e.call("GET", "/api/games/"+played.ID, nil, nil); st != 200 {
		t.Errorf("the played game: got %d, want 200", st)
	}
}
