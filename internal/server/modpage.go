package server

import (
	"net/http"

	"github.com/plateau-games/plateau/internal/api"
)

// routesModPages adds the moderators' endpoints: each refuses anyone
// without the moderator or administrator role (403).
func (s *Server) routesModPages(m *http.ServeMux) {
	d := s.desk
	m.HandleFunc("GET /api/mod/queue", modRoute(s, s.moderator, http.StatusOK, modRefusal, d.Queue))
	m.HandleFunc("GET /api/mod/reports/{id}", serveAs(s, s.moderator, http.StatusOK, func(r *http.Request, _ string, _ struct{}) (api.Report, error) {
		rep, err := d.ReportByID(r.Context(), r.PathValue("id"))
		return rep, modRefusal(err)
	}))
	m.HandleFunc("GET /api/mod/players/{ref}", serveAs(s, s.moderator, http.StatusOK, func(r *http.Request, _ string, _ struct{}) (api.ModHistory, error) {
		return d.History(r.Context(), r.PathValue("ref"))
	}))
	m.HandleFunc("GET /api/mod/log", modRoute(s, s.moderator, http.StatusOK, modRefusal, d.AuditLog))
	m.HandleFunc("POST /api/mod/actions", s.limit(limitRequest, modRoute(s, s.moderator, http.StatusOK, func(err error) error {
		return adminRefusal(err, textAdminClose)
	}, d.Act)))
	m.HandleFunc("POST /api/mod/roles", s.limit(limitRequest, modRoute(s, func(r *http.Request) (string, error) {
		return s.administrator(r, textAdminRoles)
	}, http.StatusOK, roleRefusal, d.Grant)))
}

// moderator returns the asking player if they are a moderator.
func (s *Server) moderator(r *http.Request) (string, error) {
	me, err := s.modPlayer(r)
	if err != nil {
		return "", err
	}
	if err := s.desk.Check(r.Context(), me); err != nil {
		return "", modRefusal(err)
	}
	return me, nil
}
