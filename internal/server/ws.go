package server

import (
	"context"
	"encoding/json"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/seats"
)

const (
	pingEvery    = 30 * time.Second
	writeTimeout = 10 * time.Second
	// closeNotFound is the close code for a game that does not exist.
	closeNotFound = 4404
)

// watcher is one WebSocket watching a game. Views are coalesced: only
// the latest unsent one is kept, so a slow client costs no backlog.
type watcher struct {
	latest atomic.Pointer[[]byte]
	wake   chan struct{}
	seat   int // -1 until the client names its seat with a token
	// chat says the client asked for the chat (guarded by the hub's mu);
	// lines are the chat messages to send it, in order, never coalesced.
	chat  bool
	lines chan []byte
}

func (w *watcher) send(msg []byte) {
	w.latest.Store(&msg)
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// handleWS serves GET /api/games/{id}/ws.
func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.cfg.WSOriginPatterns})
	if err != nil {
		return // Accept has answered the request
	}
	defer conn.CloseNow()
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	wt := &watcher{wake: make(chan struct{}, 1), seat: -1, lines: make(chan []byte, chatBuffer)}
	c, _ := s.callerOf(r, "") // a bad API key only watches
	player := c.player
	var h *hub
	err = s.withHub(r.Context(), id, func(hh *hub) error {
		h = hh
		h.watchers[wt] = struct{}{}
		if mine := seats.Mine(h.seats(), player); len(mine) > 0 {
			wt.seat = mine[0]
			h.seatCame(wt.seat)
		}
		_, msg := h.current()
		wt.send(msg)
		return nil
	})
	if err != nil {
		status, _ := httpStatus(err)
		msg, _ := json.Marshal(api.WSMessage{Type: "error", Error: message(err)})
		conn.Write(ctx, websocket.MessageText, msg) //nolint:errcheck // best effort: the close status below says the same
		code := websocket.StatusInternalError
		if status == http.StatusNotFound {
			code = closeNotFound
		}
		conn.Close(code, http.StatusText(status))
		return
	}
	s.metrics.wsClients.Add(1)
	defer s.metrics.wsClients.Add(-1)
	defer s.unwatch(h, wt)
	go s.readWS(ctx, cancel, conn, h, wt)
	s.writeWS(ctx, conn, wt)
}

// writeWS sends the latest view whenever there is a new one, and pings.
func (s *Server) writeWS(ctx context.Context, conn *websocket.Conn, wt *watcher) {
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			conn.Close(websocket.StatusGoingAway, "server closing")
			return
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, writeTimeout)
			err := conn.Ping(pctx)
			cancel()
			if err != nil {
				return
			}
		case <-wt.wake:
			msg := wt.latest.Swap(nil)
			if msg == nil {
				continue
			}
			if !write(ctx, conn, *msg) {
				return
			}
		case msg := <-wt.lines:
			if !write(ctx, conn, msg) {
				return
			}
		}
	}
}

// write sends one message, and reports whether it went.
func write(ctx context.Context, conn *websocket.Conn, msg []byte) bool {
	wctx, cancel := context.WithTimeout(ctx, writeTimeout)
	defer cancel()
	return conn.Write(wctx, websocket.MessageText, msg) == nil
}

// readWS reads the client's messages: only {"token": ..., "chat": ...}
// means anything.
// Reading also serves the pongs, and its end (the client left) ends the
// connection.
func (s *Server) readWS(ctx context.Context, cancel context.CancelFunc, conn *websocket.Conn, h *hub, wt *watcher) {
	defer cancel()
	conn.SetReadLimit(4096)
	history := historyLimit()
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return
		}
		var hello api.WSHello
		if json.Unmarshal(data, &hello) != nil {
			continue
		}
		h.mu.Lock()
		if p, err := h.seatOf(caller{token: hello.Token}, 0); err == nil && wt.seat < 0 {
			wt.seat = int(p)
			h.seatCame(wt.seat)
		}
		h.mu.Unlock()
		if hello.Chat && history.AllowN(s.now(), 1) {
			s.joinChat(ctx, h, wt)
		}
	}
}

func (s *Server) unwatch(h *hub, wt *watcher) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.watchers, wt)
	if wt.seat >= 0 {
		h.seatLeft(wt.seat)
	}
	h.lastUsed = time.Now()
}
