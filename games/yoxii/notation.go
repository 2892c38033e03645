package yoxii

import (
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// FormatMove implements game.State: "d5,3@d4" moves the totem to d5 and
// places a piece of value 3 on d4.
func (s *State) FormatMove(m game.Move) string {
	to, place := squareName(moveTo(m)), squareName(movePlace(m))
	return to + "," + string(rune('0'+moveValue(m))) + "@" + place
}

// ParseMove implements game.State. It accepts upper case. It checks the
// form only: squares on the board, a value 1-4, two different squares;
// PlayChecked tells whether the move is legal here.
func (s *State) ParseMove(text string) (game.Move, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("yoxii: %w %q: "+format, append([]any{game.ErrBadMove, text}, args...)...)
	}
	t := strings.ToLower(text)
	head, place, ok := strings.Cut(t, "@")
	if !ok {
		return 0, bad("want <totem-square>,<value>@<placement-square>, e.g. d5,3@d4: no @")
	}
	to, value, ok := strings.Cut(head, ",")
	if !ok {
		return 0, bad("want <totem-square>,<value>@<placement-square>, e.g. d5,3@d4: no comma")
	}
	toSq, ok := parseSquare(to)
	if !ok {
		return 0, bad("totem square %q is not a square of the board", to)
	}
	if len(value) != 1 || value[0] < '1' || value[0] > '4' {
		return 0, bad("value %q is not 1, 2, 3 or 4", value)
	}
	placeSq, ok := parseSquare(place)
	if !ok {
		return 0, bad("placement square %q is not a square of the board", place)
	}
	if placeSq == toSq {
		return 0, bad("the piece cannot go on the totem's square %s", to)
	}
	return makeMove(toSq, placeSq, int(value[0]-'0')), nil
}
