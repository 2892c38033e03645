package server

import (
	"errors"
	"net/http"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/puzzles"
)

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
