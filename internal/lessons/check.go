package lessons

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// Check proves a lesson against the rules: texts in every language, each
// step's position ongoing, at least one legal move accepted and every
// accepted pattern matching a legal move, winning moves that win, and
// each wrong move refused with the explanation it claims.
func Check(reg *game.Registry, l Lesson) error {
	if err := l.Title.Check(l.Game + " lesson title"); err != nil {
		return fmt.Errorf("lessons: %w", err)
	}
	if len(l.Steps) == 0 {
		return fmt.Errorf("lessons: %s has no steps", l.Game)
	}
	for i, st := range l.Steps {
		if err := checkStep(reg, l, st); err != nil {
			return fmt.Errorf("lessons: %s step %d (%s): %w", l.Game, i+1, st.Rule, err)
		}
	}
	return nil
}

func checkStep(reg *game.Registry, l Lesson, st Step) error {
	for what, t := range map[string]game.Text{"says": st.Says, "task": st.Task, "miss": st.Miss, "done": st.Done} {
		if err := t.Check(what); err != nil {
			return err
		}
	}
	s, err := reg.New(l.GameID(st), st.Position)
	if err != nil {
		return err
	}
	if s.Result() != game.Ongoing {
		return fmt.Errorf("the position is finished")
	}
	legal, err := Legal(s, st)
	if err != nil {
		return err
	}
	if st.Wins {
		if err := checkWins(s, legal); err != nil {
			return err
		}
	}
	for _, w := range st.Wrong {
		if err := checkWrong(s, w); err != nil {
			return err
		}
	}
	return nil
}

// Legal returns the legal moves of a step's position with whether the
// step accepts each, after checking that every accepted pattern matches
// a legal move.
func Legal(s game.State, st Step) (map[string]bool, error) {
	out := map[string]bool{}
	for _, mv := range game.MoveStrings(s) {
		out[mv] = st.Accepts(mv)
	}
	for _, a := range st.Accept {
		if strings.HasPrefix(a, "^") {
			continue
		}
		if !slices.ContainsFunc(slices.Collect(maps.Keys(out)), func(mv string) bool { return match(a, mv) }) {
			return nil, fmt.Errorf("accepted move %q is not legal", a)
		}
	}
	if !slices.Contains(slices.Collect(maps.Values(out)), true) {
		return nil, fmt.Errorf("no legal move is accepted")
	}
	return out, nil
}

func checkWins(s game.State, legal map[string]bool) error {
	for mv, ok := range legal {
		if !ok {
			continue
		}
		c := s.Clone()
		p := c.ToAct()
		if _, err := game.PlayChecked(c, mv); err != nil {
			return err
		}
		if w, won := c.Result().Winner(); !won || w != p {
			return fmt.Errorf("accepted move %s does not win (%v)", mv, c.Result())
		}
	}
	return nil
}

// checkWrong checks that a wrong move is refused, and explained as the
// step says: by the game when it can, else by the step's own text.
func checkWrong(s game.State, w Wrong) error {
	if err := w.Why.Check("why " + w.Move); err != nil {
		return err
	}
	if m, err := s.ParseMove(w.Move); err == nil {
		for _, l := range s.Moves(nil) {
			if l == m {
				return fmt.Errorf("wrong move %q is legal", w.Move)
			}
		}
	}
	got := game.Explain(s, w.Move)
	if got == nil {
		return nil // the step's own Why is shown
	}
	for _, lang := range game.Languages() {
		if got[lang] != w.Why[lang] {
			return fmt.Errorf("wrong move %q is explained %q, the lesson says %q", w.Move, got[lang], w.Why[lang])
		}
	}
	return nil
}

// Explain returns the explanation a learner sees for a refused move in a
// step: the game's, or the step's own for a move listed as wrong, or nil.
func Explain(s game.State, st Step, move string) game.Text {
	if t := game.Explain(s, move); t != nil {
		return t
	}
	for _, w := range st.Wrong {
		if w.Move == move {
			return w.Why
		}
	}
	return nil
}
