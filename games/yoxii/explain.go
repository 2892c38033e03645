package yoxii

import (
	"strings"

	"github.com/plateau-games/plateau/game"
)

// Explain implements game.Explainer. It reads a move in notation
// (d5,3@d4) or the squares clicked so far written together (d5, d5d4):
// the totem's square, then the placement square.
func (s *State) Explain(move string) game.Text {
	if s.over() {
		return nil
	}
	totem, place, value := splitMove(strings.ToLower(move))
	to, ok := parseSquare(totem)
	if !ok {
		return nil
	}
	if s.moveTargets()&(1<<to) == 0 {
		return texts("The totem cannot reach %s: it steps to an empty neighbouring square, or jumps over an unbroken line of your own pieces to the empty square after it.", totem)
	}
	if value >= 1 && value <= 4 && s.hand[s.side][value] == 0 {
		return texts("You have no piece of value %d left.", value)
	}
	sq, ok := parseSquare(place)
	if !ok {
		return nil
	}
	if placements(to, s.empties())&(1<<sq) == 0 {
		return texts("The piece goes on an empty square next to the totem on %s (any empty square only when none is left next to it).", totem)
	}
	return nil
}

// splitMove cuts a move or its clicked squares into the totem's square,
// the placement square and the value (0 when not given).
func splitMove(m string) (totem, place string, value int) {
	if t, rest, ok := strings.Cut(m, ","); ok {
		v, p, _ := strings.Cut(rest, "@")
		if len(v) == 1 && v[0] >= '1' && v[0] <= '4' {
			value = int(v[0] - '0')
		}
		return t, p, value
	}
	if len(m) == 4 {
		return m[:2], m[2:], 0
	}
	return m, "", 0
}
