package lessons

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
)

// Service shows the lessons to the client: each step with its legal
// moves' results, and why a move is refused.
type Service struct {
	Lessons  []Lesson // read and checked once (Load)
	Registry *game.Registry
}

// ErrNotFound is the reason of a request for a lesson or a step that
// does not exist; the error's own text is the client's sentence.
var ErrNotFound = errors.New("lessons: not found")

// notFound tells the client its text and is ErrNotFound (and its cause).
type notFound struct{ cause error }

// Error implements error.
func (n notFound) Error() string { return n.cause.Error() }

// Unwrap returns the errors it is, for errors.Is.
func (n notFound) Unwrap() []error { return []error{ErrNotFound, n.cause} }

// List is every game's lesson, by title and length.
func (s *Service) List() api.LessonList {
	out := api.LessonList{Lessons: []api.LessonSummary{}}
	for _, ls := range s.Lessons {
		out.Lessons = append(out.Lessons, api.LessonSummary{Game: ls.Game, Title: ls.Title, Steps: len(ls.Steps)})
	}
	return out
}

// Lesson is the lesson of game name, every step described.
func (s *Service) Lesson(name string) (api.Lesson, error) {
	ls, err := Find(s.Lessons, name)
	if err != nil {
		return api.Lesson{}, notFound{err}
	}
	out := api.Lesson{Game: ls.Game, Title: ls.Title}
	for _, st := range ls.Steps {
		step, err := s.step(ls, st)
		if err != nil {
			return api.Lesson{}, err
		}
		out.Steps = append(out.Steps, step)
	}
	return out, nil
}

// step describes one step for the client, with every legal move's
// resulting position.
func (s *Service) step(ls Lesson, st Step) (api.LessonStep, error) {
	g, err := s.Registry.New(ls.GameID(st), st.Position)
	if err != nil {
		return api.LessonStep{}, err // checked at load: a server fault
	}
	out := api.LessonStep{Rule: st.Rule, ID: ls.GameID(st), Position: st.Position, ToAct: int(g.ToAct()),
		Says: st.Says, Task: st.Task, Miss: st.Miss, Done: st.Done, Legal: game.MoveStrings(g),
		Accept: []string{}, After: map[string]string{}}
	for _, mv := range out.Legal {
		if st.Accepts(mv) {
			out.Accept = append(out.Accept, mv)
		}
		c := g.Clone()
		if _, err := game.PlayChecked(c, mv); err == nil {
			out.After[mv] = c.String()
		}
	}
	return out, nil
}

// Explain says which rule refuses move in step (counted from 1) of
// game name's lesson: the game's explanation, or the step's own for a
// wrong move it lists.
func (s *Service) Explain(name, step, move string) (api.Explanation, error) {
	ls, err := Find(s.Lessons, name)
	if err != nil {
		return api.Explanation{}, notFound{err}
	}
	n, err := strconv.Atoi(step)
	if err != nil || n < 1 || n > len(ls.Steps) {
		return api.Explanation{}, notFound{fmt.Errorf("lesson %s has no step %q", ls.Game, step)}
	}
	st := ls.Steps[n-1]
	g, err := s.Registry.New(ls.GameID(st), st.Position)
	if err != nil {
		return api.Explanation{}, err
	}
	return api.Explanation{Move: move, Text: Explain(g, st, move)}, nil
}
