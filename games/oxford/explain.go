package oxford

import (
	"strings"

	"github.com/plateau-games/plateau/game"
)

// Explain implements game.Explainer for a move from one square to
// another (its first four characters): whose piece it is, and the rule
// of steps that fixes where it can go.
func (s *State) Explain(move string) game.Text {
	move = strings.ToLower(move)
	if len(move) < 2 || s.Result() != game.Ongoing {
		return nil
	}
	from, ok1 := parseSquare(move[:2])
	if !ok1 {
		return nil
	}
	if s.charAt(from) == 0 {
		return texts("There is no piece on %s.", move[:2])
	}
	if s.own(s.side)&(1<<from) == 0 {
		return texts("The piece on %s is not yours.", move[:2])
	}
	if len(move) < 4 {
		return nil
	}
	to, ok2 := parseSquare(move[2:4])
	if !ok2 {
		return nil
	}
	switch {
	case s.own(s.side)&(1<<to) != 0:
		return texts("A piece never lands on one of your own pieces (%s).", move[2:4])
	case fieldMask&(1<<from) == 0:
		return texts("A piece leaves your base only one square straight forward, and only while you have fewer than 6 pieces in play.")
	}
	face := faceO
	if s.bb[s.side][faceX]&(1<<from) != 0 {
		face = faceX
	}
	n := popcount(s.bb[s.side][face] & fieldMask)
	letter := "OX"[face : face+1]
	return texts("An %s moves exactly %d step(s), one per %s of yours in play: forward or sideways, never backward or diagonally, only through empty squares, and never twice on one square.",
		letter, n, letter)
}

// Taken implements game.TakenCounter: the pieces both players have lost
// (a base entry brings one back, so the count can fall).
func (s *State) Taken() int { return s.lost(game.First) + s.lost(game.Second) }
