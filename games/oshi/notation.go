package oshi

import (
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// FormatMove implements game.State: the moving piece's square and its
// landing square, or "pass".
func (s *State) FormatMove(m game.Move) string {
	if m == passMove {
		return "pass"
	}
	return squareName(moveFrom(m)) + squareName(moveTo(m))
}

// ParseMove implements game.State. It accepts upper case. Text that can
// be no Oshi move at all (diagonal, longer than three) is malformed; a
// well-formed move may still be illegal here.
func (s *State) ParseMove(text string) (game.Move, error) {
	t := strings.ToLower(text)
	if t == "pass" {
		return passMove, nil
	}
	if len(t) != 4 {
		return 0, badMove(text, "want <from><to> such as e3e5, or pass")
	}
	from, ok1 := parseSquare(t[:2])
	to, ok2 := parseSquare(t[2:])
	if !ok1 || !ok2 {
		return 0, badMove(text, "want <from><to> with squares a1..i9, such as e3e5")
	}
	dir, dist := lineStep(from, to)
	switch {
	case dist == 0:
		return 0, badMove(text, "the squares are not on one file or rank")
	case dist > 3:
		return 0, badMove(text, "no piece moves more than 3 squares")
	}
	return makeMove(from, dir, dist), nil
}

func badMove(text, why string) error {
	return fmt.Errorf("oshi: %w %q: %s", game.ErrBadMove, text, why)
}
