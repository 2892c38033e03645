package server

import (
	"encoding/json"
	"net/http"

	"github.com/plateau-games/plateau/internal/lab"
)

// routesLab serves the game lab's published measurements
// (internal/lab): the rules pages show them.
func (s *Server) routesLab(m *http.ServeMux) {
	m.HandleFunc("GET /api/lab/{game}", s.handleLab)
}

// handleLab answers a game's lab data (a lab.File) by game name, for
// the games this server offers.
func (s *Server) handleLab(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("game")
	g, id, err := s.cfg.Registry.Lookup(name)
	if err != nil || len(id.Options) > 0 {
		s.fail(w, r, refuse(ErrNotFound, "no such game: %q", name))
		return
	}
	b, ok := lab.Data(g)
	if !ok {
		s.fail(w, r, refuse(ErrNotFound, "no lab measurements for %s", name))
		return
	}
	s.reply(w, http.StatusOK, json.RawMessage(b))
}
