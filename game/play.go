package game

import (
	"fmt"
	"slices"
	"strings"
)

// PlayChecked parses a move string, checks that it is legal in s and plays
// it. A malformed move wraps ErrBadMove, a well-formed one that is not
// legal wraps ErrIllegalMove, and a finished game gives ErrGameOver; in
// every error case s is unchanged.
func PlayChecked(s State, text string) (Move, error) {
	if s.Result() != Ongoing {
		return 0, fmt.Errorf("game: move %q: %w (%s)", text, ErrGameOver, s.Result())
	}
	m, err := s.ParseMove(strings.TrimSpace(text))
	if err != nil {
		return 0, err
	}
	if !slices.Contains(s.Moves(nil), m) {
		return 0, fmt.Errorf("game: %w %q in %s", ErrIllegalMove, text, s.String())
	}
	s.Play(m)
	return m, nil
}

// MoveStrings returns the legal moves of s as canonical strings, sorted
// by byte order as the command line and the engine protocol print them.
func MoveStrings(s State) []string {
	moves := s.Moves(nil)
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = s.FormatMove(m)
	}
	slices.Sort(out)
	return out
}
