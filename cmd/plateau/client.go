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

	"github.com/plateau-games/plateau/internal/api"
)

// apiClient speaks the server's HTTP API (docs/api.md) as a browser
// would; loadtest and the server's end-to-end tests use it.
type apiClient struct {
	base string // "http://127.0.0.1:8080"
	http *http.Client
	// key, when set, is a player's API key, sent on every request: the
	// games it creates are that player's, who moves without seat tokens.
	key string
}

func newAPIClient(base string, conns int) *apiClient {
	tr := &http.Transport{MaxIdleConns: conns, MaxIdleConnsPerHost: conns, DisableCompression: true}
	return &apiClient{base: strings.TrimRight(base, "/"), http: &http.Client{Transport: tr}}
}

// createdGame is the server's answer to a new game, its view decoded:
// the outer View field takes the "view" member from the embedded raw one.
type createdGame struct {
	api.CreateResponse
	View api.View `json:"view"`
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
	if c.key != "" {
		req.Header.Set("Authorization", "Bearer "+c.key)
	}
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
		var e api.Error
		if err := json.Unmarshal(data, &e); err != nil {
			e.Error = strings.TrimSpace(string(data)) // not the API's error, say a proxy's
		}
		return &statusError{resp.StatusCode, e.Error}
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(data, out)
}

// create makes a game; seats are "human" or "ai:LEVEL".
func (c *apiClient) create(ctx context.Context, gameID string, local bool, seats ...string) (createdGame, error) {
	req := api.CreateRequest{Game: gameID, Local: local}
	for _, s := range seats {
		kind, level, _ := strings.Cut(s, ":")
		seat := api.SeatRequest{Kind: kind}
		if level != "" {
			if _, err := fmt.Sscan(level, &seat.Level); err != nil {
				return createdGame{}, fmt.Errorf("plateau: bad seat %q: %w", s, err)
			}
		}
		req.Seats = append(req.Seats, seat)
	}
	var g createdGame
	err := c.do(ctx, "POST", "/api/games", req, &g, http.StatusCreated)
	return g, err
}

func (c *apiClient) move(ctx context.Context, id, token, move string, seen int) (api.View, error) {
	var v api.View
	err := c.do(ctx, "POST", "/api/games/"+id+"/moves", api.MoveRequest{Move: move, Seen: &seen, Token: token}, &v, http.StatusOK)
	return v, err
}

func (c *apiClient) view(ctx context.Context, id string) (api.View, error) {
	var v api.View
	err := c.do(ctx, "GET", "/api/games/"+id, nil, &v, http.StatusOK)
	return v, err
}

// catalogFirst returns the first game the server offers.
func (c *apiClient) catalogFirst(ctx context.Context) (string, error) {
	var cat api.Catalog
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
	opts := &websocket.DialOptions{HTTPClient: c.http}
	if c.key != "" {
		opts.HTTPHeader = http.Header{"Authorization": {"Bearer " + c.key}}
	}
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(c.base, "http")+"/api/games/"+id+"/ws", opts)
	if err != nil {
		return nil, err
	}
	if token != "" {
		hello, _ := json.Marshal(api.WSHello{Token: token})
		if err := conn.Write(ctx, websocket.MessageText, hello); err != nil {
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
func readView(ctx context.Context, conn *websocket.Conn) (api.View, error) {
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return api.View{}, err
		}
		var msg api.WSMessage
		if err := json.Unmarshal(data, &msg); err != nil {
			return api.View{}, err
		}
		if msg.Type == "view" {
			var v api.View
			err := json.Unmarshal(msg.View, &v)
			return v, err
		}
	}
}
