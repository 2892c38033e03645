package server

import "net/http"

// routesEmbeds registers the embeddable pages (not yet).
func (s *Server) routesEmbeds(m *http.ServeMux) {}
