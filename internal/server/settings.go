package server

import (
	"net/http"

	"github.com/plateau-games/plateau/internal/settings"
)

// routesSettings serves the settings that follow a player to every
// browser (docs/api.md, "Settings").
func (s *Server) routesSettings(m *http.ServeMux) {
	m.HandleFunc("GET /api/settings", s.handleSettingsGet)
	m.HandleFunc("PUT /api/settings", s.limit(limitRequest, s.handleSettingsSet))
}

// settingsOf returns the settings service and the request's player.
func (s *Server) settingsOf(r *http.Request) (*settings.Service, string, error) {
	c, err := s.playerOf(r)
	if err != nil {
		return nil, "", err
	}
	return settings.New(s.cfg.Store, s.cfg.Now), c.player, nil
}

func (s *Server) handleSettingsGet(w http.ResponseWriter, r *http.Request) {
	svc, player, err := s.settingsOf(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v, err := svc.Get(r.Context(), player)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	s.reply(w, http.StatusOK, v)
}

func (s *Server) handleSettingsSet(w http.ResponseWriter, r *http.Request) {
	svc, player, err := s.settingsOf(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// A field the document leaves out keeps its default (a client older
	// than the setting sends no premove, which stays on).
	v := settings.Default()
	if err := decode(w, r, &v); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := svc.Set(r.Context(), player, v); err != nil {
		s.fail(w, r, err)
		return
	}
	s.handleSettingsGet(w, r)
}
