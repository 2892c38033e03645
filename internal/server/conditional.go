package server

import (
	"net/http"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/room"
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
	s.planAs(w, r, nil, "", false, nil)
}

func (s *Server) handlePlanSet(w http.ResponseWriter, r *http.Request) {
	var req api.ConditionalRequest
	err := decode(w, r, &req)
	s.planAs(w, r, err, req.Token, true, req.Lines)
}

func (s *Server) handlePlanDelete(w http.ResponseWriter, r *http.Request) {
	s.planAs(w, r, nil, "", true, nil)
}

// planAs answers the caller's plan (room.Room.PlanDoc), unless an
// earlier step failed with err.
func (s *Server) planAs(w http.ResponseWriter, r *http.Request, err error, token string, set bool, lines [][]string) {
	var c caller
	if err == nil {
		c, err = s.callerOf(r, token)
	}
	respond(s, w, r, http.StatusOK, err, func() (out api.Conditional, err error) {
		err = s.withHub(r.Context(), r.PathValue("id"), func(h *room.Room) error {
			out, err = h.PlanDoc(r.Context(), c.who(), set, lines)
			return err
		})
		return out, err
	})
}
