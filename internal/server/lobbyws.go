package server

import (
	"context"
	"net/http"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/internal/lobby"
)

// handleLobbyWS serves GET /api/lobby/ws: the lobby as it changes, and
// the news of games started for this player.
func (s *Server) handleLobbyWS(w http.ResponseWriter, r *http.Request) {
	me, err := s.lobbyPlayer(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.cfg.WSOriginPatterns})
	if err != nil {
		return
	}
	defer conn.CloseNow()
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	c := &lobby.Conn{Player: me, Out: make(chan []byte, 32), Cancel: cancel}
	s.lobby.Join(ctx, c)
	defer s.lobby.Leave(c)
	go func() { // reading serves pongs and sees the client leave
		defer cancel()
		for {
			if _, _, err := conn.Read(ctx); err != nil {
				return
			}
		}
	}()
	writeLobby(ctx, conn, c)
}

// writeLobby sends c's messages as they come, and pings.
func writeLobby(ctx context.Context, conn *websocket.Conn, c *lobby.Conn) {
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			conn.Close(websocket.StatusGoingAway, "")
			return
		case <-ping.C:
			pctx, pcancel := context.WithTimeout(ctx, writeTimeout)
			err := conn.Ping(pctx)
			pcancel()
			if err != nil {
				return
			}
		case msg := <-c.Out:
			wctx, wcancel := context.WithTimeout(ctx, writeTimeout)
			err := conn.Write(wctx, websocket.MessageText, msg)
			wcancel()
			if err != nil {
				return
			}
		}
	}
}

// newLobbyLoop builds the lobby loop over the server's store and rooms.
func (s *Server) newLobbyLoop() *lobby.Loop {
	cfg := s.cfg.Lobby.Loop(lobby.LoopConfig{Store: s.cfg.Store, Clock: s.cfg.Clock, Log: s.log, Owner: s.owner,
		SeekView: s.seekJSON, AILevel: func(k lobby.Seek) int { return lobby.AILevel(k, defaultLevel) },
		Go: serverTasks{s}.Go, Hidden: s.blockedWith})
	cfg.Presence = func(ctx context.Context, now time.Time, beat bool) { s.rooms.SyncPresence(ctx, now, cfg.Lease, beat) }
	return lobby.NewLoop(s.ctx, cfg)
}
