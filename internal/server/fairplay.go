package server

import "net/http"

// engineAllowed answers GET /api/games/{id}/engine when the asking
// player may analyse the game now (403 otherwise).
type engineAllowed struct {
	Allowed bool `json:"allowed"`
}

// routesFairPlay adds the engine locks.
func (s *Server) routesFairPlay(m *http.ServeMux) {
	m.HandleFunc("GET /api/fairplay/locks", modRoute(s, func(r *http.Request) (string, error) {
		c, err := s.playerOf(r)
		return c.player, err
	}, http.StatusOK, modRefusal, s.desk.EngineLocks))
	m.HandleFunc("GET /api/games/{id}/engine", serveAs(s, func(r *http.Request) (string, error) {
		c, err := s.callerOf(r, "")
		return c.player, err
	}, http.StatusOK, func(r *http.Request, me string, _ struct{}) (engineAllowed, error) {
		return engineAllowed{true}, modRefusal(s.desk.EngineAllowed(r.Context(), r.PathValue("id"), me))
	}))
}
