package server

import (
	"net/http"

	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/store"
)

// routesPersonalData adds the personal data export.
func (s *Server) routesPersonalData(m *http.ServeMux) {
	m.HandleFunc("GET /api/account/data", s.limit(limitExport, s.handlePersonalData))
}

// handlePersonalData serves GET /api/account/data (players.Export) as a
// file to save.
func (s *Server) handlePersonalData(w http.ResponseWriter, r *http.Request) {
	pd, ok := s.cfg.Store.(store.PersonalData)
	if !ok {
		s.fail(w, r, refuse(ErrNotFound, "the data export is not available on this server"))
		return
	}
	c, err := s.playerOf(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	doc, err := players.Export(r.Context(), pd, c.player, s.cfg.Clock.Now())
	if err == nil {
		w.Header().Set("Content-Disposition", `attachment; filename="plateau-personal-data.json"`)
	}
	s.replyResult(w, r, doc, err)
}
