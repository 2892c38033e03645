package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store/storetest"
)

// visitor is one browser: its own cookie jar, so its own player (a
// guest made by its first GET /api/me, as a browser's first visit).
type visitor struct {
	t       *testing.T
	client  *http.Client
	closers []func()
	// from, when set, is sent as X-Forwarded-For: the address the
	// visitor comes from behind a trusted proxy.
	from string
}

func newPerson(t *testing.T) *visitor {
	jar, _ := cookiejar.New(nil)
	p := &visitor{t: t, client: &http.Client{Jar: jar}}
	return p
}

// join makes p a guest of e's database (the cookie works on every
// server of it: they share the host, and the jar ignores ports).
func (p *visitor) join(e *env) *visitor {
	p.t.Helper()
	if st := p.call(e, "GET", "/api/me", nil, nil); st != http.StatusOK {
		p.t.Fatalf("GET /api/me: got %d", st)
	}
	return p
}

// play posts a move as p's player.
func (p *visitor) play(e *env, id, move string, seen int) int {
	p.t.Helper()
	var eb api.Error
	st := p.call(e, "POST", "/api/games/"+id+"/moves", api.MoveRequest{Move: move, Seen: &seen}, &eb)
	if st != http.StatusOK {
		p.t.Logf("move %s: %d %+v", move, st, eb)
	}
	return st
}

// call sends a request through e as p and decodes the answer into out.
func (p *visitor) call(e *env, method, path string, body, out any) int {
	p.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, e.url+path, rd)
	// The headers a browser sends on a same-origin request: a cookie
	// without them is refused as cross-site.
	req.Header.Set("Origin", e.url)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if p.from != "" {
		req.Header.Set("X-Forwarded-For", p.from)
	}
	resp, err := p.client.Do(req)
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil && json.Unmarshal(data, out) != nil {
		p.t.Fatalf("%s %s: answer %q", method, path, data)
	}
	return resp.StatusCode
}

// lobbyWS opens the lobby's WebSocket on e as p; messages arrive on the
// channel until the test ends.
func (p *visitor) lobbyWS(e *env) <-chan api.LobbyMessage {
	p.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	c, _, err := websocket.Dial(ctx, strings.Replace(e.url, "http", "ws", 1)+"/api/lobby/ws", &websocket.DialOptions{HTTPClient: p.client})
	if err != nil {
		p.t.Fatal(err)
	}
	ch := make(chan api.LobbyMessage, 64)
	go func() {
		defer close(ch)
		for {
			_, data, err := c.Read(ctx)
			if err != nil {
				return
			}
			var m api.LobbyMessage
			if json.Unmarshal(data, &m) == nil {
				ch <- m
			}
		}
	}()
	done := func() { cancel(); c.Close(websocket.StatusNormalClosure, "") }
	p.closers = append(p.closers, done)
	p.t.Cleanup(done)
	return ch
}

// next reads messages until one satisfies cond, or fails after 10s.
func next(t *testing.T, ch <-chan api.LobbyMessage, what string, cond func(api.LobbyMessage) bool) api.LobbyMessage {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case m, ok := <-ch:
			if !ok {
				t.Fatalf("waiting for %s: socket closed", what)
			}
			if cond(m) {
				return m
			}
		case <-deadline:
			t.Fatalf("waiting for %s: nothing in 10s", what)
		}
	}
}

func lobbyHas(id string) func(api.LobbyMessage) bool {
	return func(m api.LobbyMessage) bool {
		if m.Type != "lobby" {
			return false
		}
		for _, s := range m.Lobby.Seeks {
			if s.ID == id {
				return true
			}
		}
		return false
	}
}

func isStart(m api.LobbyMessage) bool { return m.Type == "start" }

func fastLobby(cfg *server.Config) { cfg.Lobby.Poll = 20 * time.Millisecond }

// TestLobbyAcrossServers: a seek posted through one server is seen live
// and accepted through the other; both players are sent to the game,
// whose tokens work; of many accepts of one seek at once, through both
// servers, exactly one starts a game.
func TestLobbyAcrossServers(t *testing.T) {
	dsn := storetest.PostgresDSN(t)
	t.Parallel()
	schema := storetest.FreshSchema(t, dsn, "lobbyx")
	one, two := newEnvOn(t, schema, fastLobby), newEnvOn(t, schema, fastLobby)
	ann, bea := newPerson(t).join(one), newPerson(t).join(two)
	annWS, beaWS := ann.lobbyWS(one), bea.lobbyWS(two)
	var seek api.Seek
	if st := ann.call(one, "POST", "/api/lobby/seeks", api.SeekRequest{Game: "tictactoe", Colour: "first"}, &seek); st != http.StatusCreated {
		t.Fatalf("post seek: got %d, want 201", st)
	}
	next(t, beaWS, "the seek through the other server", lobbyHas(seek.ID))
	var started api.Started
	if st := bea.call(two, "POST", "/api/lobby/seeks/"+seek.ID+"/accept", nil, &started); st != http.StatusOK || started.Player != 1 {
		t.Fatalf("accept: got %d %+v, want 200 as player 1", st, started)
	}
	annStart := next(t, annWS, "the start for the seek's owner", isStart).Start
	if annStart.Game != started.Game || annStart.Player != 0 {
		t.Fatalf("owner told %+v, want game %s as player 0", annStart, started.Game)
	}
	if st := ann.play(one, started.Game, "b2", 0); st != http.StatusOK {
		t.Fatalf("owner's move through server one: got %d", st)
	}
	if st := bea.play(two, started.Game, "a1", 1); st != http.StatusOK {
		t.Fatalf("accepter's move through server two: got %d", st)
	}
	racingAccepts(t, ann, one, [2]*env{one, two})
}

// racingAccepts posts a seek and has eight people accept it at once
// through alternate servers: one game, seven refusals.
func racingAccepts(t *testing.T, owner *visitor, e *env, servers [2]*env) {
	var seek api.Seek
	owner.call(e, "POST", "/api/lobby/seeks", api.SeekRequest{Game: "tictactoe"}, &seek)
	var wg sync.WaitGroup
	var won, gone atomic.Int32
	for i := range 8 {
		p := newPerson(t).join(servers[i%2])
		wg.Add(1)
		go func() {
			defer wg.Done()
			var eb api.Error
			switch st := p.call(servers[i%2], "POST", "/api/lobby/seeks/"+seek.ID+"/accept", nil, &eb); {
			case st == http.StatusOK:
				won.Add(1)
			case st == http.StatusConflict && eb.Code == "seek_gone":
				gone.Add(1)
			default:
				t.Errorf("accept %d: got %d %+v", i, st, eb)
			}
		}()
	}
	wg.Wait()
	if won.Load() != 1 || gone.Load() != 7 {
		t.Errorf("got %d accepted and %d refused, want 1 and 7", won.Load(), gone.Load())
	}
}

// TestQuickPlay: "Play now" pairs with a waiting quick seek, and after
// QuickPlayWait (on the injected clock) without a match offers the AI.
func TestQuickPlay(t *testing.T) {
	t.Parallel()
	clock := newFakeClock()
	e := newEnv(t, func(cfg *server.Config) { fastLobby(cfg); cfg.Clock = clock })
	ann, bea, carl := newPerson(t).join(e), newPerson(t).join(e), newPerson(t).join(e)
	annWS, carlWS := ann.lobbyWS(e), carl.lobbyWS(e)
	var q api.QuickPlay
	if st := ann.call(e, "POST", "/api/lobby/play", api.QuickPlayRequest{Game: "tictactoe"}, &q); st != 200 || q.Seek == nil || !q.Seek.Quick {
		t.Fatalf("first play now: got %d %+v, want a quick seek", st, q)
	}
	var again api.QuickPlay
	if ann.call(e, "POST", "/api/lobby/play", api.QuickPlayRequest{Game: "tictactoe"}, &again); again.Seek == nil || again.Seek.ID != q.Seek.ID {
		t.Errorf("play now again: got %+v, want the same seek %s", again, q.Seek.ID)
	}
	var b api.QuickPlay
	if st := bea.call(e, "POST", "/api/lobby/play", api.QuickPlayRequest{Game: "tictactoe"}, &b); st != 200 || b.Started == nil {
		t.Fatalf("second play now: got %d %+v, want a game", st, b)
	}
	if s := next(t, annWS, "the start", isStart).Start; s.Game != b.Started.Game || s.Player == b.Started.Player {
		t.Errorf("Ann told %+v, want the other seat of %s", s, b.Started.Game)
	}
	var c api.QuickPlay
	carl.call(e, "POST", "/api/lobby/play", api.QuickPlayRequest{Game: "tictactoe"}, &c)
	if c.Seek == nil {
		t.Fatalf("Carl's play now: got %+v, want a seek (nobody waits)", c)
	}
	clock.advance(lobby.QuickPlayWait - time.Second)
	// Ticks after the clock moved: Bea's seek coming, then going. An
	// offer made on the first would come before the second.
	var k api.Seek
	bea.call(e, "POST", "/api/lobby/seeks", api.SeekRequest{Game: "tictactoe"}, &k)
	next(t, carlWS, "Bea's seek", func(m api.LobbyMessage) bool {
		if m.Type == "ai-offer" {
			t.Fatalf("AI offered after %v, want after %v", lobby.QuickPlayWait-time.Second, lobby.QuickPlayWait)
		}
		return lobbyHas(k.ID)(m)
	})
	bea.call(e, "POST", "/api/lobby/seeks/"+k.ID+"/cancel", nil, nil)
	next(t, carlWS, "Bea's seek gone", func(m api.LobbyMessage) bool {
		if m.Type == "ai-offer" {
			t.Fatalf("AI offered after %v, want after %v", lobby.QuickPlayWait-time.Second, lobby.QuickPlayWait)
		}
		return m.Type == "lobby" && !lobbyHas(k.ID)(m)
	})
	clock.advance(time.Second)
	m := next(t, carlWS, "the AI offer", func(m api.LobbyMessage) bool { return m.Type == "ai-offer" || m.Type == "start" })
	if m.Type != "ai-offer" || m.AIOffer.Seek != c.Seek.ID || m.AIOffer.Level < server.MinLevel {
		t.Errorf("got %+v, want an AI offer for seek %s", m, c.Seek.ID)
	}
}
