package server

import (
	"errors"
	"net/http"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/chat"
	"github.com/plateau-games/plateau/internal/lessons"
	"github.com/plateau-games/plateau/internal/puzzles"
	"github.com/plateau-games/plateau/internal/tournaments"
)

// replyOr replies v with 200 OK, or fails with err: the adapter of the
// handlers that only ask a service.
func (s *Server) replyOr(w http.ResponseWriter, r *http.Request, v any, err error) {
	if err != nil {
		s.fail(w, r, serviceRefusal(err))
		return
	}
	s.reply(w, http.StatusOK, v)
}

// serviceRefusal turns the services' sentinels into the API's refusals,
// each told as its own sentence (the statuses table keeps one row per
// reason).
func serviceRefusal(err error) error {
	if _, done := errors.AsType[edgeRefusal](err); done {
		return err // refused already: its sentence stands
	}
	for _, m := range []struct{ is, why error }{
		{tournaments.ErrBadRequest, ErrMalformed}, {puzzles.ErrNotFound, ErrNotFound}, {lessons.ErrNotFound, ErrNotFound},
		{chat.ErrEmpty, ErrMalformed}, {chat.ErrTooLong, ErrMalformed}, {chat.ErrBadMute, ErrMalformed},
		{chat.ErrTooFast, ErrRateLimited}, {chat.ErrNoGame, ErrNotFound},
	} {
		if errors.Is(err, m.is) {
			return refuseFor(m.why, err)
		}
	}
	return err
}

// serveCall adapts a service call to a handler: call reads what it
// needs of the request; its value is the reply, its error refused.
func serveCall[T any](s *Server, call func(r *http.Request) (T, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v, err := call(r)
		s.replyOr(w, r, v, err)
	}
}

// serveBody is serveCall for a request with a JSON body, decoded first.
func serveBody[Req, T any](s *Server, call func(r *http.Request, req Req) (T, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req Req
		if err := decode(w, r, &req); err != nil {
			s.fail(w, r, err)
			return
		}
		v, err := call(r, req)
		s.replyOr(w, r, v, err)
	}
}

// routesPuzzles serves the shipped puzzles (internal/puzzles), whose
// service keeps the ratings of players and puzzles in the store. The
// requester is known by a session cookie; a program without one solves
// unrated.
func (s *Server) routesPuzzles(m *http.ServeMux) {
	set, err := puzzles.Load(s.cfg.Registry)
	if err != nil {
		s.log.Error("puzzles not served", "err", err)
		set, _ = puzzles.Load(game.NewRegistry())
	}
	p := &puzzles.Service{Set: set, Store: s.cfg.Store, Registry: s.cfg.Registry, Now: s.cfg.Now}
	m.HandleFunc("GET /api/puzzles", serveCall(s, func(r *http.Request) (api.PuzzleGames, error) {
		return p.Games(r.Context(), requester(r.Context())), nil
	}))
	m.HandleFunc("GET /api/puzzles/daily", serveCall(s, func(r *http.Request) (api.Puzzle, error) {
		return p.Daily(r.Context(), requester(r.Context()))
	}))
	m.HandleFunc("GET /api/puzzles/{game}/next", serveCall(s, func(r *http.Request) (api.Puzzle, error) {
		return p.Next(r.Context(), r.PathValue("game"), r.URL.Query().Get("after"), requester(r.Context()))
	}))
	m.HandleFunc("GET /api/puzzles/{game}/pack", serveCall(s, func(r *http.Request) (api.PuzzlePack, error) {
		return p.Pack(r.PathValue("game"))
	}))
	m.HandleFunc("GET /api/puzzles/{game}/{id}", serveCall(s, func(r *http.Request) (api.Puzzle, error) {
		return p.One(r.Context(), r.PathValue("game"), r.PathValue("id"), requester(r.Context()))
	}))
	m.HandleFunc("POST /api/puzzles/{game}/{id}/answer", s.limit(limitMove, serveBody(s, func(r *http.Request, req api.PuzzleAnswer) (api.PuzzleResult, error) {
		out, err := p.Answer(r.Context(), r.PathValue("game"), r.PathValue("id"), req.Move, requester(r.Context()))
		if il, ok := errors.AsType[*puzzles.IllegalMove](err); ok {
			err = refuseExplained(ErrIllegal, game.ErrIllegalMove, il.Text)
		}
		return out, err
	})))
}
