package server

import (
	"net/http"

	"github.com/plateau-games/plateau/internal/lessons"
)

// lessonRoutes serves the games' lessons (internal/lessons), read and
// checked once when the routes are made.
type lessonRoutes struct {
	s   *Server
	svc *lessons.Service
}

func (s *Server) routesLessons(m *http.ServeMux) {
	list, err := lessons.Load(s.cfg.Registry)
	if err != nil {
		s.log.Error("lessons not served", "err", err)
	}
	l := &lessonRoutes{s: s, svc: &lessons.Service{Lessons: list, Registry: s.cfg.Registry}}
	m.HandleFunc("GET /api/lessons", l.handleList)
	m.HandleFunc("GET /api/lessons/{game}", l.handleLesson)
	m.HandleFunc("GET /api/lessons/{game}/{step}/explain", l.handleExplain)
}

func (l *lessonRoutes) handleList(w http.ResponseWriter, r *http.Request) {
	l.s.reply(w, http.StatusOK, l.svc.List())
}

func (l *lessonRoutes) handleLesson(w http.ResponseWriter, r *http.Request) {
	out, err := l.svc.Lesson(r.PathValue("game"))
	l.s.replyOr(w, r, out, err)
}

// handleExplain says which rule refuses a move in a step.
func (l *lessonRoutes) handleExplain(w http.ResponseWriter, r *http.Request) {
	move := r.URL.Query().Get("move")
	if move == "" || len(move) > 64 {
		l.s.fail(w, r, refuse(ErrMalformed, "want ?move= with 1-64 bytes"))
		return
	}
	out, err := l.svc.Explain(r.PathValue("game"), r.PathValue("step"), move)
	l.s.replyOr(w, r, out, err)
}
