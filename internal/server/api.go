package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/room"
)

// maxBody bounds every request body.
const maxBody = 64 << 10

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /api/catalog", s.handleCatalog)
	m.HandleFunc("POST /api/games", s.limit(limitCreate, s.handleCreate))
	m.HandleFunc("GET /api/games", s.handleList)
	m.HandleFunc("GET /api/games/{id}", s.handleView)
	m.HandleFunc("POST /api/games/{id}/moves", s.limit(limitMove, s.handleMove))
	m.HandleFunc("POST /api/games/{id}/resign", s.handleResign)
	m.HandleFunc("POST /api/games/{id}/draw", s.limit(limitRequest, s.handleDraw))
	m.HandleFunc("POST /api/games/{id}/undo", s.limit(limitRequest, s.handleUndo))
	m.HandleFunc("POST /api/games/{id}/hint", s.limit(limitRequest, s.handleHint))
	m.HandleFunc("POST /api/games/{id}/whoami", s.handleWhoami)
	m.HandleFunc("GET /api/games/{id}/records", s.limit(limitExport, s.handleGameRecord))
	m.HandleFunc("GET /api/games/{id}/positions", s.handlePositions)
	m.HandleFunc("GET /api/games/{id}/explain", s.handleExplain)
	m.HandleFunc("GET /api/records", s.limit(limitExport, s.handleRecords))
	m.HandleFunc("GET /api/games/{id}/ws", s.handleWS)
	s.routesSeats(m)
	s.routesLessons(m)
	s.routesPuzzles(m)
	m.HandleFunc("GET /healthz", s.handleHealth)
	s.routesOffline(m)
	s.routesLobby(m)
	s.routesPlayers(m)
	s.routesNotify(m)
	s.routesChat(m)
	s.routesRatings(m)
	s.routesLab(m)
	s.routesSettings(m)
	s.routesConditional(m)
	s.routesFriends(m)
	s.routesTournaments(m)
	s.routesBots(m)
	s.routesPictures(m)
	s.routesModeration(m)
	metrics := s.handleMetrics
	if s.cfg.MetricsPrivate { // served elsewhere; not the web client either
		metrics = func(w http.ResponseWriter, r *http.Request) {
			s.fail(w, r, refuse(ErrNotFound, "no such endpoint: %s %s", r.Method, r.URL.Path))
		}
	}
	m.HandleFunc("GET /metrics", metrics)
	m.HandleFunc("/api/", s.handleNoRoute)
	m.Handle("/", s.staticHandler())
	s.mux = m
}

// noRoute is the pattern of the API's catch-all.
const noRoute = "/api/"

// handleNoRoute answers an API request no endpoint takes: 405 with the
// methods the path does take, or 404 if none. (The catch-all matches
// every method, so ServeMux's own 405 never comes.)
func (s *Server) handleNoRoute(w http.ResponseWriter, r *http.Request) {
	var allowed []string
	for _, method := range []string{http.MethodGet, http.MethodPost, http.MethodPatch, http.MethodDelete} {
		alt := *r
		alt.Method = method
		if _, pattern := s.mux.Handler(&alt); pattern != noRoute {
			allowed = append(allowed, method)
		}
	}
	if len(allowed) == 0 {
		s.fail(w, r, refuse(ErrNotFound, "no such endpoint: %s %s", r.Method, r.URL.Path))
		return
	}
	w.Header().Set("Allow", strings.Join(allowed, ", "))
	s.fail(w, r, refuse(ErrMethodNotAllowed, "method %s not allowed on %s (allowed: %s)",
		r.Method, r.URL.Path, strings.Join(allowed, ", ")))
}

// formatTime writes t as the API does (room.FormatTime).
func formatTime(t time.Time) string { return room.FormatTime(t) }

// replyView answers with the game's current view.
func (s *Server) replyView(w http.ResponseWriter, r *http.Request, id string) {
	var b []byte
	err := s.withHub(r.Context(), id, func(h *room.Room) error {
		b = h.View()
		return nil
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, b)
}

func (s *Server) handleView(w http.ResponseWriter, r *http.Request) {
	s.replyView(w, r, r.PathValue("id"))
}

// handlePositions answers the position before every move and the
// current one, for replays: clients never run the rules themselves.
func (s *Server) handlePositions(w http.ResponseWriter, r *http.Request) {
	var out api.Positions
	err := s.withHub(r.Context(), r.PathValue("id"), func(h *room.Room) error {
		rec := h.Record()
		st, err := s.cfg.Registry.New(rec.Game, rec.Start)
		if err != nil {
			return err
		}
		out.Positions = append(make([]string, 0, len(rec.Moves)+1), st.String())
		for _, m := range rec.Moves {
			if _, err := game.PlayChecked(st, m.Text); err != nil {
				return err
			}
			out.Positions = append(out.Positions, st.String())
		}
		out.Version = rec.Version
		return nil
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, out)
}

// actAs is act for the caller of r: the seat token of the body or the
// Authorization header, an API key, or the request's player.
func (s *Server) actAs(w http.ResponseWriter, r *http.Request, token string, fn func(h *room.Room, c room.Caller) error) {
	c, err := s.callerOf(r, token)
	if err != nil {
		s.metrics.reject("forbidden")
		s.fail(w, r, err)
		return
	}
	s.act(w, r, func(h *room.Room) error {
		err := fn(h, c.who())
		if errors.Is(err, errNotASeat) && c.player != "" && h.MayHaveMoved(r.Context()) {
			err = fn(h, c.who())
		}
		return err
	})
}

// act runs one of the token-authenticated actions on a game and answers
// with the new view, taken while the room is still held: a change that
// was committed is answered with its view, never with a refusal (the
// server starting to drain after the commit included).
func (s *Server) act(w http.ResponseWriter, r *http.Request, fn func(h *room.Room) error) {
	var b []byte
	err := s.withHub(r.Context(), r.PathValue("id"), func(h *room.Room) error {
		err := fn(h)
		if err == nil || errors.Is(err, errNoChange) {
			b = h.View()
			err = nil
		}
		return err
	})
	if err != nil {
		_, reason := httpStatus(err)
		s.metrics.reject(reason)
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, b)
}

func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	var req api.MoveRequest
	if err := decode(w, r, &req); err != nil {
		s.metrics.reject("malformed")
		s.fail(w, r, err)
		return
	}
	if req.Seen == nil || *req.Seen < 0 || req.Move == "" || len(req.Move) > 64 {
		s.metrics.reject("malformed")
		s.fail(w, r, refuse(ErrMalformed, "want {move, seen, token} with a move of 1-64 bytes and seen >= 0"))
		return
	}
	s.actAs(w, r, req.Token, func(h *room.Room, c room.Caller) error { return h.Move(r.Context(), c, req.Move, *req.Seen) })
	s.metrics.observeMove(time.Since(start))
}

func (s *Server) handleResign(w http.ResponseWriter, r *http.Request) {
	var req api.TokenRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	s.actAs(w, r, req.Token, func(h *room.Room, c room.Caller) error { return h.Resign(r.Context(), c) })
}

func (s *Server) handleDraw(w http.ResponseWriter, r *http.Request) {
	var req api.DrawRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	switch req.Action {
	case "offer", "accept", "decline":
	default:
		s.fail(w, r, refuse(ErrMalformed, "bad action %q: want offer, accept or decline", req.Action))
		return
	}
	s.actAs(w, r, req.Token, func(h *room.Room, c room.Caller) error { return h.Draw(r.Context(), c, req.Action) })
}

func (s *Server) handleUndo(w http.ResponseWriter, r *http.Request) {
	var req api.UndoRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	switch req.Action {
	case "", "request", "accept", "decline":
	default:
		s.fail(w, r, refuse(ErrMalformed, "bad action %q: want request, accept or decline", req.Action))
		return
	}
	s.actAs(w, r, req.Token, func(h *room.Room, c room.Caller) error {
		return h.Undo(r.Context(), c, req.Action, req.OtherToken)
	})
}

func (s *Server) handleHint(w http.ResponseWriter, r *http.Request) {
	var req api.TokenRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	s.actAs(w, r, req.Token, func(h *room.Room, c room.Caller) error { return h.Hint(r.Context(), c) })
}

func (s *Server) handleWhoami(w http.ResponseWriter, r *http.Request) {
	var req api.TokenRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := s.callerOf(r, req.Token)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var player int
	err = s.withHub(r.Context(), r.PathValue("id"), func(h *room.Room) error {
		p, err := h.SeatOf(c.who(), h.ToAct())
		player = int(p)
		return err
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, api.Whoami{Player: player})
}

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if s.closing.Load() {
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintln(w, "closing")
		return
	}
	if err := s.cfg.Store.Probe(ctx); err != nil {
		s.log.Error("health check", "err", err)
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintln(w, "database unavailable or refusing writes")
		return
	}
	fmt.Fprintln(w, "ok")
}

// queryLimit reads ?limit=, between 1 and max.
func queryLimit(r *http.Request, def, max int) (int, error) {
	v := r.URL.Query().Get("limit")
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > max {
		return 0, refuse(ErrMalformed, "bad limit %q: want 1 to %d", v, max)
	}
	return n, nil
}

func queryStatus(r *http.Request, def string) (string, error) {
	switch v := r.URL.Query().Get("status"); v {
	case "":
		return def, nil
	case "ongoing", "finished", "recent":
		return v, nil
	default:
		return "", refuse(ErrMalformed, "bad status %q: want ongoing, finished or recent", v)
	}
}

// handleExplain answers which rule refuses a move in the game's current
// position, for a client that refuses a click or a typed move itself
// (it knows the legal moves) and wants to name the rule.
func (s *Server) handleExplain(w http.ResponseWriter, r *http.Request) {
	move := r.URL.Query().Get("move")
	if move == "" || len(move) > 64 {
		s.fail(w, r, refuse(ErrMalformed, "want ?move= with 1-64 bytes"))
		return
	}
	out := api.Explanation{Move: move}
	err := s.withHub(r.Context(), r.PathValue("id"), func(h *room.Room) error {
		out.Text = h.Explain(move)
		return nil
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, out)
}
