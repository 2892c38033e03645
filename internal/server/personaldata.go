package server

import "net/http"

// routesPersonalData adds the personal data export.
func (s *Server) routesPersonalData(m *http.ServeMux) {
}
