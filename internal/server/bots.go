package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/bots"
	"github.com/plateau-games/plateau/internal/bots/botapi"
	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/store"
)

// newBots builds the bot API's service when the store keeps bots; nil
// otherwise (no bot API, nobody is a bot).
func (s *Server) newBots() *botapi.Service {
	bs, ok := s.cfg.Store.(botapi.Store)
	if !ok {
		return nil
	}
	return botapi.New(botapi.Config{Store: bs, Now: s.cfg.Now, Clock: s.cfg.Clock, Names: s.refOf, Owner: s.owner,
		Lease: s.cfg.Lobby.Lease, Log: s.log, Closing: s.closing.Load,
		Seek: func(k lobby.Seek) api.Seek { return s.seekJSON(k, k.To) },
		View: func(ctx context.Context, id string) (raw []byte, err error) {
			err = s.withHub(ctx, id, func(h *room.Room) error { raw = h.View(); return nil })
			return raw, err
		}})
}

// routesBots adds the bot API (docs/bots.md) when the store keeps bots.
func (s *Server) routesBots(m *http.ServeMux) {
	if s.bots == nil {
		return
	}
	m.HandleFunc("POST /api/bot/account/upgrade", s.handleBotUpgrade)
	m.HandleFunc("GET /api/bots", s.handleBots)
	m.HandleFunc("GET /api/bot/stream/event", s.handleBotEvents)
	m.HandleFunc("GET /api/bot/game/stream/{id}", s.handleBotGame)
}

// handleBotUpgrade makes the requester's account a bot, for good.
func (s *Server) handleBotUpgrade(w http.ResponseWriter, r *http.Request) {
	c, err := s.playerOf(r)
	respond(s, w, r, http.StatusOK, err, func() (api.BotAccount, error) { return s.bots.Upgrade(r.Context(), c.player) })
}

// handleBots serves GET /api/bots: every bot with its games and ratings.
func (s *Server) handleBots(w http.ResponseWriter, r *http.Request) {
	respond(s, w, r, http.StatusOK, nil, func() (api.Bots, error) {
		return s.bots.List(r.Context(), func(p store.PlayerRating) api.RatedPlayer { return s.ratedPlayer(r, p) })
	})
}

// botOf is the bot behind a request: an API key of a bot account.
func (s *Server) botOf(r *http.Request) (string, error) {
	c, err := s.playerOf(r)
	if err != nil {
		return "", err
	}
	return s.bots.Bot(r.Context(), c.player, c.viaKey)
}

// handleBotEvents serves a bot's event stream (NDJSON).
func (s *Server) handleBotEvents(w http.ResponseWriter, r *http.Request) {
	bot, err := s.botOf(r)
	var after int64
	if err == nil {
		after, err = botapi.Cursor(r.URL.Query().Get("since"), r.Header.Get("Last-Event-ID"))
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	run, done := s.bots.Events(ctx, bot, after, cancel)
	defer done()
	s.botStream(w, r.WithContext(ctx), run)
}

// handleBotGame serves a game's stream (NDJSON) to a bot.
func (s *Server) handleBotGame(w http.ResponseWriter, r *http.Request) {
	bot, err := s.botOf(r)
	var run botapi.Run
	var done func()
	if err == nil {
		run, done, err = s.bots.Game(r.Context(), bot, r.PathValue("id"))
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer done()
	s.botStream(w, r, run)
}

// botStream answers 200 with NDJSON lines run sends, flushing each,
// until run returns, the client goes or the server closes.
func (s *Server) botStream(w http.ResponseWriter, r *http.Request, run botapi.Run) {
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	defer context.AfterFunc(s.ctx, cancel)()
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	rc.Flush() //nolint:errcheck // a client gone shows at the next write
	send := func(l *bots.Line) error {
		rc.SetWriteDeadline(time.Now().Add(time.Minute))
		line := []byte("\n")
		if l != nil {
			js, err := json.Marshal(l)
			if err != nil {
				return err
			}
			line = append(js, '\n')
		}
		if _, err := w.Write(line); err != nil {
			return err
		}
		return rc.Flush()
	}
	if err := run(ctx, send); err != nil && ctx.Err() == nil && !errors.Is(err, errClosing) {
		s.log.Warn("bot stream ended", "path", r.URL.Path, "err", err)
	}
}

// botGuard keeps bots to the bot API (botapi.Service.May).
func (s *Server) botGuard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, ok := players.FromContext(r.Context())
		if s.bots == nil || r.Method != http.MethodPost || !botapi.Guarded(r.URL.Path) || (ok && p.Guest && r.Header.Get("Authorization") == "") {
			next.ServeHTTP(w, r)
			return
		}
		if c, err := s.callerOf(r, ""); err == nil && c.player != "" {
			if err := s.bots.May(r.Context(), c.player, c.viaKey, r.URL.Path, func() ([]byte, error) {
				raw, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
				r.Body = io.NopCloser(bytes.NewReader(raw)) // put back for the handler
				return raw, err
			}); err != nil {
				s.fail(w, r, err)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
