package server

import (
	"net/http"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/store"
)

// Conditional moves (issue 30, point 13; docs/premoves.md): each seat of
// a correspondence game reads, replaces and deletes its own plan; the
// room plays it (internal/room/plans.go).
func (s *Server) routesConditional(m *http.ServeMux) {
	m.HandleFunc("GET /api/games/{id}/conditional", s.handlePlanGet)
	m.HandleFunc("PUT /api/games/{id}/conditional", s.limit(limitRequest, s.handlePlanSet))
	m.HandleFunc("DELETE /api/games/{id}/conditional", s.limit(limitRequest, s.handlePlanDelete))
}

func (s *Server) handlePlanGet(w http.ResponseWriter, r *http.Request) {
	s.planAs(w, r, "", func(h *room.Room, c room.Caller) (store.Plan, error) { return h.Plan(r.Context(), c) })
}

func (s *Server) handlePlanSet(w http.ResponseWriter, r *http.Request) {
	var req api.ConditionalRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	s.planAs(w, r, req.Token, func(h *room.Room, c room.Caller) (store.Plan, error) {
		return h.SetPlan(r.Context(), c, req.Lines)
	})
}

func (s *Server) handlePlanDelete(w http.ResponseWriter, r *http.Request) {
	s.planAs(w, r, "", func(h *room.Room, c room.Caller) (store.Plan, error) {
		return h.SetPlan(r.Context(), c, nil)
	})
}

// planAs runs fn on the game as the caller and answers the plan it returns.
func (s *Server) planAs(w http.ResponseWriter, r *http.Request, token string, fn func(h *room.Room, c room.Caller) (store.Plan, error)) {
	c, err := s.callerOf(r, token)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var p store.Plan
	err = s.withHub(r.Context(), r.PathValue("id"), func(h *room.Room) error {
		var err error
		p, err = fn(h, c.who())
		return err
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if p.Lines == nil {
		p.Lines = [][]string{}
	}
	s.reply(w, http.StatusOK, api.Conditional{Ply: p.Ply, Lines: p.Lines})
}
