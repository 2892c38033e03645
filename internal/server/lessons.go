package server

import (
	"net/http"
	"strconv"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/lessons"
)

// lessonRoutes serves the games' lessons (internal/lessons), read and
// checked once when the routes are made.
type lessonRoutes struct {
	s    *Server
	list []lessons.Lesson
	err  error
}

func (s *Server) routesLessons(m *http.ServeMux) {
	l := &lessonRoutes{s: s}
	l.list, l.err = lessons.Load(s.cfg.Registry)
	if l.err != nil {
		s.log.Error("lessons not served", "err", l.err)
	}
	m.HandleFunc("GET /api/lessons", l.handleList)
	m.HandleFunc("GET /api/lessons/{game}", l.handleLesson)
	m.HandleFunc("GET /api/lessons/{game}/{step}/explain", l.handleExplain)
}

func (l *lessonRoutes) handleList(w http.ResponseWriter, r *http.Request) {
	out := api.LessonList{Lessons: []api.LessonSummary{}}
	for _, ls := range l.list {
		out.Lessons = append(out.Lessons, api.LessonSummary{Game: ls.Game, Title: ls.Title, Steps: len(ls.Steps)})
	}
	l.s.reply(w, http.StatusOK, out)
}

func (l *lessonRoutes) handleLesson(w http.ResponseWriter, r *http.Request) {
	ls, err := lessons.Find(l.list, r.PathValue("game"))
	if err != nil {
		l.s.fail(w, r, refuseFor(ErrNotFound, err))
		return
	}
	out := api.Lesson{Game: ls.Game, Title: ls.Title}
	for _, st := range ls.Steps {
		step, err := l.step(ls, st)
		if err != nil {
			l.s.fail(w, r, err)
			return
		}
		out.Steps = append(out.Steps, step)
	}
	l.s.reply(w, http.StatusOK, out)
}

// step describes one step for the client, with every legal move's
// resulting position.
func (l *lessonRoutes) step(ls lessons.Lesson, st lessons.Step) (api.LessonStep, error) {
	s, err := l.s.cfg.Registry.New(ls.GameID(st), st.Position)
	if err != nil {
		return api.LessonStep{}, err // checked at load: a server fault
	}
	out := api.LessonStep{Rule: st.Rule, ID: ls.GameID(st), Position: st.Position, ToAct: int(s.ToAct()),
		Says: st.Says, Task: st.Task, Miss: st.Miss, Done: st.Done, Legal: game.MoveStrings(s),
		Accept: []string{}, After: map[string]string{}}
	for _, mv := range out.Legal {
		if st.Accepts(mv) {
			out.Accept = append(out.Accept, mv)
		}
		c := s.Clone()
		if _, err := game.PlayChecked(c, mv); err == nil {
			out.After[mv] = c.String()
		}
	}
	return out, nil
}

// handleExplain says which rule refuses a move in a step: the game's
// explanation, or the step's own for a wrong move it lists.
func (l *lessonRoutes) handleExplain(w http.ResponseWriter, r *http.Request) {
	move := r.URL.Query().Get("move")
	if move == "" || len(move) > 64 {
		l.s.fail(w, r, refuse(ErrMalformed, "want ?move= with 1-64 bytes"))
		return
	}
	ls, err := lessons.Find(l.list, r.PathValue("game"))
	if err != nil {
		l.s.fail(w, r, refuseFor(ErrNotFound, err))
		return
	}
	n, err := strconv.Atoi(r.PathValue("step"))
	if err != nil || n < 1 || n > len(ls.Steps) {
		l.s.fail(w, r, refuse(ErrNotFound, "lesson %s has no step %q", ls.Game, r.PathValue("step")))
		return
	}
	st := ls.Steps[n-1]
	s, err := l.s.cfg.Registry.New(ls.GameID(st), st.Position)
	if err != nil {
		l.s.fail(w, r, err)
		return
	}
	l.s.reply(w, http.StatusOK, api.Explanation{Move: move, Text: lessons.Explain(s, st, move)})
}
