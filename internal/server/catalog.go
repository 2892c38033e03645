package server

import (
	"net/http"

	"github.com/plateau-games/plateau/internal/catalog"
)

// handleCatalog answers the games this server offers (package catalog).
func (s *Server) handleCatalog(w http.ResponseWriter, r *http.Request) {
	c := catalog.Config{Registry: s.cfg.Registry, AI: s.cfg.MoverName, Static: s.cfg.Static, Log: s.log}
	if d, ok := s.cfg.Mover.(LevelDescriber); ok {
		c.Describe = d.Describe
	}
	s.reply(w, http.StatusOK, catalog.Build(c))
}
