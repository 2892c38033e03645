package server

import (
	"net/http"

	"github.com/plateau-games/plateau/internal/store"
)

// personalData is GET /api/account/data: everything the database holds
// about the asking player, per table (docs/moderation.md).
type personalData struct {
	Format   string                      `json:"format"`
	Player   string                      `json:"player"`
	Exported string                      `json:"exported"`
	Tables   map[string][]map[string]any `json:"tables"`
}

// routesPersonalData adds the personal data export.
func (s *Server) routesPersonalData(m *http.ServeMux) {
	m.HandleFunc("GET /api/account/data", s.limit(limitExport, s.handlePersonalData))
}

// handlePersonalData serves GET /api/account/data as a file to save.
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
	tables, err := pd.ExportPlayer(r.Context(), c.player)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Disposition", `attachment; filename="plateau-personal-data.json"`)
	s.reply(w, http.StatusOK, personalData{Format: "plateau-personal-data/1", Player: c.player, Exported: formatTime(s.cfg.Clock.Now()), Tables: tables})
}
