package oxford

import (
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// A move packs its squares into one integer so that generation never
// allocates: from in bits 0-5, to in 6-11 and, for a base entry, the
// squares receiving the O and the X piece in 12-17 and 18-23. A base exit
// is a from-to move whose from is on the mover's base.
const (
	sqBits    = 6
	sqMask    = 1<<sqBits - 1
	entryFlag = game.Move(1) << (4 * sqBits)
	movePass  = game.Move(1) << (4*sqBits + 1)
)

func makeMove(from, to int) game.Move {
	return game.Move(from | to<<sqBits)
}

func makeEntry(from, to, oSq, xSq int) game.Move {
	return makeMove(from, to) | game.Move(oSq<<(2*sqBits)|xSq<<(3*sqBits)) | entryFlag
}

func fromSq(m game.Move) int { return int(m) & sqMask }
func toSq(m game.Move) int   { return int(m>>sqBits) & sqMask }
func oSq(m game.Move) int    { return int(m>>(2*sqBits)) & sqMask }
func xSq(m game.Move) int    { return int(m>>(3*sqBits)) & sqMask }

// FormatMove implements game.State.
func (s *State) FormatMove(m game.Move) string {
	if m == movePass {
		return "pass"
	}
	t := squareName(fromSq(m)) + squareName(toSq(m))
	if m&entryFlag != 0 {
		t += "=" + squareName(oSq(m)) + squareName(xSq(m))
	}
	return t
}

// ParseMove implements game.State. It reads the notation only; whether the
// move is legal here is PlayChecked's business.
func (s *State) ParseMove(text string) (game.Move, error) {
	t := strings.ToLower(text)
	if t == "pass" {
		return movePass, nil
	}
	var sq [4]int
	n := 2
	switch {
	case len(t) == 4:
	case len(t) == 9 && t[4] == '=':
		t = t[:4] + t[5:]
		n = 4
	default:
		return 0, fmt.Errorf("oxford: %w %q: want <from><to>, <from><to>=<o-square><x-square> or pass", game.ErrBadMove, text)
	}
	for i := 0; i < n; i++ {
		var ok bool
		if sq[i], ok = parseSquare(t[2*i : 2*i+2]); !ok {
			return 0, fmt.Errorf("oxford: %w %q: %q is not a square a1-%s", game.ErrBadMove, text, t[2*i:2*i+2], squareName(squares-1))
		}
	}
	if n == 2 {
		return makeMove(sq[0], sq[1]), nil
	}
	return makeEntry(sq[0], sq[1], sq[2], sq[3]), nil
}
