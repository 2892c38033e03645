package server

import (
	"errors"
	"net/http"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/puzzles"
)

// puzzleRoutes serves the shipped puzzles (internal/puzzles), whose
// service keeps the ratings of players and puzzles in the store.
type puzzleRoutes struct {
	s   *Server
	svc *puzzles.Service
}

func (s *Server) routesPuzzles(m *http.ServeMux) {
	set, err := puzzles.Load(s.cfg.Registry)
	if err != nil {
		s.log.Error("puzzles not served", "err", err)
		set, _ = puzzles.Load(game.NewRegistry())
	}
	p := &puzzleRoutes{s: s, svc: &puzzles.Service{Set: set, Store: s.cfg.Store, Registry: s.cfg.Registry, Now: s.cfg.Now}}
	m.HandleFunc("GET /api/puzzles", p.handleGames)
	m.HandleFunc("GET /api/puzzles/daily", p.handleDaily)
	m.HandleFunc("GET /api/puzzles/{game}/next", p.handleNext)
	m.HandleFunc("GET /api/puzzles/{game}/pack", p.handlePack)
	m.HandleFunc("GET /api/puzzles/{game}/{id}", p.handleOne)
	m.HandleFunc("POST /api/puzzles/{game}/{id}/answer", s.limit(limitMove, p.handleAnswer))
}

// player returns the id of the requesting player, whom the players
// middleware knows by a session cookie; "" for a program without one,
// which has no puzzle rating.
func (p *puzzleRoutes) player(r *http.Request) string {
	pl, _ := players.FromContext(r.Context())
	return pl.ID
}

// replyOr replies v with 200 OK, or fails with err: the adapter of the
// handlers that only ask a service.
func (s *Server) replyOr(w http.ResponseWriter, r *http.Request, v any, err error) {
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, v)
}

func (p *puzzleRoutes) handleGames(w http.ResponseWriter, r *http.Request) {
	p.s.replyOr(w, r, p.svc.Games(r.Context(), p.player(r)), nil)
}

func (p *puzzleRoutes) handleDaily(w http.ResponseWriter, r *http.Request) {
	d, err := p.svc.Daily(r.Context(), p.player(r))
	if err != nil {
		err = refuseFor(ErrNotFound, err)
	}
	p.s.replyOr(w, r, d, err)
}

func (p *puzzleRoutes) handleOne(w http.ResponseWriter, r *http.Request) {
	out, err := p.svc.One(r.Context(), r.PathValue("game"), r.PathValue("id"), p.player(r))
	p.s.replyOr(w, r, out, err)
}

func (p *puzzleRoutes) handlePack(w http.ResponseWriter, r *http.Request) {
	out, err := p.svc.Pack(r.PathValue("game"))
	p.s.replyOr(w, r, out, err)
}

func (p *puzzleRoutes) handleNext(w http.ResponseWriter, r *http.Request) {
	out, err := p.svc.Next(r.Context(), r.PathValue("game"), r.URL.Query().Get("after"), p.player(r))
	p.s.replyOr(w, r, out, err)
}

func (p *puzzleRoutes) handleAnswer(w http.ResponseWriter, r *http.Request) {
	var req api.PuzzleAnswer
	if err := decode(w, r, &req); err != nil {
		p.s.fail(w, r, err)
		return
	}
	out, err := p.svc.Answer(r.Context(), r.PathValue("game"), r.PathValue("id"), req.Move, p.player(r))
	if il, ok := errors.AsType[*puzzles.IllegalMove](err); ok {
		err = refuseExplained(ErrIllegal, game.ErrIllegalMove, il.Text)
	}
	p.s.replyOr(w, r, out, err)
}
