package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/server/servertest"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// syncBuffer is a log sink tests can read while the server writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

type env struct {
	t    testing.TB
	url  string
	logs *syncBuffer
	srv  *server.Server
}

// newEnv starts a server on a fresh SQLite database; mod may change the
// config before the server is built.
func newEnv(t testing.TB, mod func(*server.Config)) *env {
	t.Helper()
	return newEnvOn(t, filepath.Join(t.TempDir(), "test.db"), mod)
}

// newEnvOn starts a server on the database dsn names, with a store of
// its own (as another process would have).
func newEnvOn(t testing.TB, dsn string, mod func(*server.Config)) *env {
	t.Helper()
	logs := &syncBuffer{}
	cfg := server.Config{Registry: game.NewRegistry(tictactoe.Game()), Store: servertest.Store(t, dsn),
		AIMoveTime: time.Second, Log: slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))}
	if mod != nil {
		mod(&cfg)
	}
	s := servertest.Start(t, cfg)
	return &env{t: t, url: s.URL, logs: logs, srv: s.Server}
}

// call sends a request with a JSON body (nil for none) and decodes the
// JSON answer into out (when not nil); it returns the status.
func (e *env) call(method, path string, body any, out any) int {
	e.t.Helper()
	var rd io.Reader
	if s, ok := body.(string); ok {
		rd = strings.NewReader(s)
	} else if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, e.url+path, rd)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			e.t.Fatalf("%s %s: answer %q: %v", method, path, data, err)
		}
	}
	return resp.StatusCode
}

// view is the game view as clients decode it.
type view = api.View

// errorBody is an error answer as clients decode it.
type errorBody = api.Error

// created is the answer to a new game, its view decoded: the outer View
// field takes the "view" member, leaving the embedded raw one empty.
type created struct {
	api.CreateResponse
	View view `json:"view"`
}

// create makes a game and fails the test unless it is created.
func (e *env) create(req api.CreateRequest) created {
	e.t.Helper()
	var raw json.RawMessage
	st := e.call("POST", "/api/games", req, &raw)
	var c created
	var eb errorBody
	if json.Unmarshal(raw, &c) != nil || st != http.StatusCreated {
		json.Unmarshal(raw, &eb)
		e.t.Fatalf("create %+v: got status %d (%s), want 201", req, st, eb.Error)
	}
	return c
}

// humans is a hot-seat game of two humans.
func humans() api.CreateRequest {
	return api.CreateRequest{Game: "tictactoe", Local: true, Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}}
}

// vsAI is a game of a human against the AI at level.
func vsAI(level int) api.CreateRequest {
	return api.CreateRequest{Game: "tictactoe", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "ai", Level: level}}}
}

// play posts a move and returns the status and the view or error.
func (e *env) play(id, token, move string, seen int) (int, view, string) {
	e.t.Helper()
	var raw json.RawMessage
	st := e.call("POST", "/api/games/"+id+"/moves", api.MoveRequest{Move: move, Seen: &seen, Token: token}, &raw)
	var v view
	var eb errorBody
	json.Unmarshal(raw, &v)
	json.Unmarshal(raw, &eb)
	return st, v, eb.Error
}

func (e *env) view(id string) view {
	e.t.Helper()
	var v view
	if st := e.call("GET", "/api/games/"+id, nil, &v); st != http.StatusOK {
		e.t.Fatalf("view %s: got status %d", id, st)
	}
	return v
}

// watch opens the game's WebSocket.
func (e *env) watch(ctx context.Context, id string) *websocket.Conn {
	e.t.Helper()
	c, _, err := websocket.Dial(ctx, strings.Replace(e.url, "http", "ws", 1)+"/api/games/"+id+"/ws", nil)
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() { c.CloseNow() })
	return c
}

// until reads views from the socket until cond holds.
func until(t *testing.T, ctx context.Context, c *websocket.Conn, cond func(view) bool) view {
	t.Helper()
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("websocket: %v", err)
		}
		var msg api.WSMessage
		var v view
		if err := json.Unmarshal(data, &msg); err != nil || msg.Type != "view" {
			t.Fatalf("websocket message %q: %v", data, err)
		}
		if err := json.Unmarshal(msg.View, &v); err != nil {
			t.Fatalf("websocket view %q: %v", msg.View, err)
		}
		if cond(v) {
			return v
		}
	}
}

// waitView polls the game until cond holds or 10s pass.
func (e *env) waitView(id string, cond func(view) bool) view {
	e.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		v := e.view(id)
		if cond(v) {
			return v
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("game %s: condition not met, last view %+v", id, v)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
