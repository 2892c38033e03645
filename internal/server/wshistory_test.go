package server_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/server"
)

// TestChatHistoryLimited: a socket asking for the chat's history over
// and over gets it a few times only (audit D11: 3 MB in, 71 MB out).
func TestChatHistoryLimited(t *testing.T) {
	t.Parallel()
	clock := newClock() // still: the limit does not refill
	e := newEnv(t, func(c *server.Config) { c.Now = clock.now })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	g := e.create(humans())
	conn := e.watch(ctx, g.ID)
	hello, _ := json.Marshal(api.WSHello{Chat: true})
	for range 200 {
		if err := conn.Write(ctx, websocket.MessageText, hello); err != nil {
			t.Fatal(err)
		}
	}
	// The socket's answers for a second: the histories it was sent.
	rctx, rcancel := context.WithTimeout(ctx, time.Second)
	defer rcancel()
	histories := 0
	for {
		_, data, err := conn.Read(rctx)
		if err != nil {
			break
		}
		var msg api.WSMessage
		if json.Unmarshal(data, &msg) == nil && msg.Type == "chat" && msg.History {
			histories++
		}
	}
	if histories < 1 || histories > 4 {
		t.Errorf("200 history requests: got %d histories, want 1 to 4", histories)
	}
}
