package server

import (
	"net/http"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/lessons"
)

// routesLessons serves the games' lessons (internal/lessons), read and
// checked once when the routes are made.
func (s *Server) routesLessons(m *http.ServeMux) {
	list, err := lessons.Load(s.cfg.Registry)
	if err != nil {
		s.log.Error("lessons not served", "err", err)
	}
	l := &lessons.Service{Lessons: list, Registry: s.cfg.Registry}
	m.HandleFunc("GET /api/lessons", serveCall(s, func(*http.Request) (api.LessonList, error) { return l.List(), nil }))
	m.HandleFunc("GET /api/lessons/{game}", serveCall(s, func(r *http.Request) (api.Lesson, error) {
		return l.Lesson(r.PathValue("game"))
	}))
	// Which rule refuses a move in a step.
	m.HandleFunc("GET /api/lessons/{game}/{step}/explain", serveCall(s, func(r *http.Request) (api.Explanation, error) {
		move := r.URL.Query().Get("move")
		if move == "" || len(move) > 64 {
			return api.Explanation{}, refuse(ErrMalformed, "want ?move= with 1-64 bytes")
		}
		return l.Explain(r.PathValue("game"), r.PathValue("step"), move)
	}))
}
