package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/coder/websocket"
)

// apiClient speaks the server's HTTP API (docs/api.md) as a browser
// would; loadtest and the server's end-to-end tests use it.
type apiClient struct {
	base string // "http://127.0.0.1:8080"
	http *http.Client
}

func newAPIClient(base string, conns int) *apiClient {
	tr := &http.Transport{MaxIdleConns: conns, MaxIdleConnsPerHost: conns, DisableCompression: true}
	return &apiClient{base: strings.TrimRight(base, "/"), http: &http.Client{Transport: tr}}
}

// gameView is the part of the server's view a client needs to play.
type gameView struct {
	ID      string   `json:"id"`
	Moves   []string `json:"moves"`
	Legal   []string `json:"legal"`
	ToAct   int      `json:"toAct"`
	Result  string   `json:"result"`
	Reason  string   `json:"reason"`
	Version int64    `json:"version"`
	Seats   []struct {
		Kind string `json:"kind"`
	} `json:"seats"`
	AIThinking bool `json:"aiThinking"`
}

type createdGame struct {
	ID    string `json:"id"`
	Seats []struct {
		Token string `json:"token"`
	} `json:"seats"`
	View gameView `json:"view"`
}

// statusError is an HTTP answer other than the one wanted.
type statusError struct {
	status int
	msg    string
}

// Error reports the server's status and message.
func (e *statusError) Error() string { return fmt.Sprintf("status %d: %s", e.status, e.msg) }

// do sends a JSON request and decodes a JSON answer with status want.
func (c *apiClient) do(ctx context.Context, method, path string, body, out any, want int) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != want {
		var e struct{ Error string }
		json.Unmarshal(data, &e)
		return &statusError{resp.StatusCode, e.Error}
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(data, out)
}

// create makes a game; seats are "human" or "ai:LEVEL".
func (c *apiClient) create(ctx context.Context, gameID string, local bool, seats ...string) (createdGame, error) {
	var req struct {
		Game  string           `json:"game"`
		Local bool             `json:"local"`
		Seats []map[string]any `json:"seats"`
	}
	req.Game, req.Local = gameID, local
	for _, s := range seats {
		kind, level, _ := strings.Cut(s, ":")
		seat := map[string]any{"kind": kind}
		if level != "" {
			var n int
			fmt.Sscan(level, &n)
			seat["level"] = n
		}
		req.Seats = append(req.Seats, seat)
	}
	var g createdGame
	err := c.do(ctx, "POST", "/api/games", req, &g, http.StatusCreated)
	return g, err
}

func (c *apiClient) move(ctx context.Context, id, token, move string, seen int) (gameView, error) {
	var v gameView
	err := c.do(ctx, "POST", "/api/games/"+id+"/moves", map[string]any{"move": move, "seen": seen, "token": token}, &v, http.StatusOK)
	return v, err
}

func (c *apiClient) view(ctx context.Context, id string) (gameView, error) {
	var v gameView
	err := c.do(ctx, "GET", "/api/games/"+id, nil, &v, http.StatusOK)
	return v, err
}

// catalogFirst returns the first game the server offers.
func (c *apiClient) catalogFirst(ctx context.Context) (string, error) {
	var cat struct {
		Games []struct{ Name string }
	}
	if err := c.do(ctx, "GET", "/api/catalog", nil, &cat, http.StatusOK); err != nil {
		return "", err
	}
	if len(cat.Games) == 0 {
		return "", fmt.Errorf("plateau: the server offers no game")
	}
	return cat.Games[0].Name, nil
}

// watch opens a game's WebSocket, identified as token's seat when token
// is not empty.
func (c *apiClient) watch(ctx context.Context, id, token string) (*websocket.Conn, error) {
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(c.base, "http")+"/api/games/"+id+"/ws",
		&websocket.DialOptions{HTTPClient: c.http})
	if err != nil {
		return nil, err
	}
	if token != "" {
		if err := conn.Write(ctx, websocket.MessageText, []byte(`{"token":"`+token+`"}`)); err != nil {
			conn.CloseNow()
			return nil, err
		}
	}
	return conn, nil
}

// metrics reads the server's unlabelled metrics.
func (c *apiClient) metrics(ctx context.Context) (map[string]float64, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", c.base+"/metrics", nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	out := map[string]float64{}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && !strings.HasPrefix(line, "#") {
			var v float64
			if _, err := fmt.Sscan(f[1], &v); err == nil {
				out[f[0]] = v
			}
		}
	}
	return out, nil
}

// readView reads the next view message of a WebSocket.
func readView(ctx context.Context, conn *websocket.Conn) (gameView, error) {
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return gameView{}, err
		}
		var msg struct {
			Type string   `json:"type"`
			View gameView `json:"view"`
		}
		if err := json.Unmarshal(data, &msg); err != nil {
			return gameView{}, err
		}
		if msg.Type == "view" {
			return msg.View, nil
		}
	}
}
