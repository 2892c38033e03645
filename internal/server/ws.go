package server

import (
	"context"
	"encoding/json"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/room"
)

const (
	pingEvery    = 30 * time.Second
	writeTimeout = 10 * time.Second
	// closeNotFound is the close code for a game that does not exist.
	closeNotFound = 4404
)

// watcher is one WebSocket watching a game, a room.Subscriber. Views
// are coalesced: only the latest unsent one is kept, so a slow client
// costs no backlog; lines are the chat messages to send it, in order,
// never coalesced.
type watcher struct {
	latest atomic.Pointer[[]byte]
	wake   chan struct{}
	lines  chan []byte
}

// View implements room.Subscriber.
func (w *watcher) View(msg []byte) {
	w.latest.Store(&msg)
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Line implements room.Subscriber.
func (w *watcher) Line(msg []byte) {
	select {
	case w.lines <- msg:
	default: // too far behind: see chatBuffer
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
	wt := &watcher{wake: make(chan struct{}, 1), lines: make(chan []byte, chatBuffer)}
	c, _ := s.callerOf(r, "") // a bad API key only watches
	var h *room.Room
	err = s.withHub(r.Context(), id, func(hh *room.Room) error {
		h = hh
		h.Watch(wt, c.player)
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
	s.metrics.WSClients.Add(1)
	defer s.metrics.WSClients.Add(-1)
	defer h.Unwatch(wt)
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
			if !pinged(ctx, conn) {
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

// pinged pings the client, and reports whether it answered in time.
func pinged(ctx context.Context, conn *websocket.Conn) bool {
	pctx, cancel := context.WithTimeout(ctx, writeTimeout)
	defer cancel()
	return conn.Ping(pctx) == nil
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
func (s *Server) readWS(ctx context.Context, cancel context.CancelFunc, conn *websocket.Conn, h *room.Room, wt *watcher) {
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
		h.Identify(wt, hello.Token)
		if hello.Chat && history.AllowN(s.now(), 1) {
			s.joinChat(ctx, h, wt)
		}
	}
}

const (
	// chatBuffer bounds the chat messages queued for one WebSocket: a
	// client that far behind loses lines, not the server memory (it reads
	// them all again on its next connection).
	chatBuffer = 64
	// chatHistory is how many of a game's last lines a client receives
	// when it joins the chat.
	chatHistory = 200
)

// joinChat marks a watcher as reading the chat and sends it the lines it
// may read. Asked again (after the game ended, the players may read the
// spectators' chat), it sends them again; clients order lines by id and
// drop those they hold.
func (s *Server) joinChat(ctx context.Context, h *room.Room, wt *watcher) {
	channels := h.JoinChat(wt)
	out, err := s.chat.History(ctx, h.ID(), channels, chatHistory)
	if err != nil {
		s.log.Error("reading a chat", "game", h.ID(), "err", err)
		return
	}
	msg, err := json.Marshal(out)
	if err != nil {
		return
	}
	wt.Line(msg)
}

// A WebSocket asks for the chat's history ({"chat": true}) at most
// historyBurst times at once, then once per historyEvery: a page asks
// once, and again when its seat changes; more is ignored. Each request
// reads up to chatHistory lines from the store and sends them all, so
// an unlimited socket could make the server read and send some 24
// times what it receives (audit 2026-11-27, D11).
const (
	historyBurst = 4
	historyEvery = 5 * time.Second
)

// historyLimit returns one socket's limit of history requests.
func historyLimit() *rate.Limiter { return rate.NewLimiter(rate.Every(historyEvery), historyBurst) }
