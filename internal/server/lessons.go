package server

import (
	"encoding/json"
	"net/http"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/lab"
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
