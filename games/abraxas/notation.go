package abraxas

import (
	"fmt"
	"slices"
	"strings"

	"github.com/plateau-games/plateau/game"
)

const maxTake = files - 3 // a line of nine gives six pawns at most

// FormatMove implements game.State.
func (s *State) FormatMove(m game.Move) string {
	switch moveKind(m) {
	case kindCorner:
		return "@" + cornerNames[m>>3&3]
	case kindPlace:
		return squareName(moveTo(m)) + "@" + cornerNames[movePush(m)]
	case kindRelocate:
		return squareName(moveFrom(m)) + squareName(moveTo(m)) + "@" + cornerNames[movePush(m)]
	case kindStop:
		if movePush(m) == noCorner {
			return "!" + squareName(moveTo(m))
		}
		return "!" + squareName(moveTo(m)) + "@" + cornerNames[movePush(m)]
	case kindTake:
		n, sqs := takeSquares(m)
		names := make([]string, n)
		for i := range names {
			names[i] = squareName(int(sqs & 127))
			sqs >>= 7
		}
		slices.Sort(names) // byte order: by file, then rank
		return "x" + strings.Join(names, ",")
	case kindPass:
		return "pass"
	}
	return fmt.Sprintf("invalid move %#x", uint64(m))
}

// ParseMove implements game.State. It accepts upper case and returns
// the move's encoding whether or not it is legal here; take squares must
// be in byte order, as FormatMove writes them.
func (s *State) ParseMove(text string) (game.Move, error) {
	t := strings.ToLower(text)
	m, problem := parseMove(t)
	if problem != "" {
		return 0, fmt.Errorf("abraxas: %w %q: %s", game.ErrBadMove, text, problem)
	}
	return m, nil
}

func parseMove(t string) (game.Move, string) {
	switch {
	case t == "pass":
		return passMove, ""
	case strings.HasPrefix(t, "@"):
		c, ok := parseCorner(t[1:])
		if !ok {
			return 0, "want a corner bl, br, tl or tr after @"
		}
		return cornerMove(c), ""
	case strings.HasPrefix(t, "!"):
		sq, ok := parseSquare(t[1:])
		if !ok {
			return 0, "want a square a1-i9 after !"
		}
		if len(t) == 3 {
			return placeMove(kindStop, sq, noCorner), ""
		}
		c, problem := parsePush(t[3:])
		return placeMove(kindStop, sq, c), problem
	case strings.HasPrefix(t, "x"):
		return parseTake(t[1:])
	}
	from, ok := parseSquare(t)
	if !ok {
		return 0, "want a square, @corner, !square, x and squares, or pass"
	}
	if to, ok := parseSquare(t[2:]); ok {
		if to == from {
			return 0, "a relocation must move the pawn to another hole"
		}
		c, problem := parsePush(t[4:])
		return relocateMove(from, to, c), problem
	}
	c, problem := parsePush(t[2:])
	return placeMove(kindPlace, from, c), problem
}

func parseCorner(t string) (int, bool) {
	i := slices.Index(cornerNames[:4], t)
	return i, i >= 0
}

func parsePush(t string) (int, string) {
	c, ok := 0, false
	if strings.HasPrefix(t, "@") {
		c, ok = parseCorner(t[1:])
	}
	if !ok {
		return 0, "want @ and the corner after the push (bl, br, tl or tr)"
	}
	return c, ""
}

// parseTake reads "c5,e5": one to six squares in byte order.
func parseTake(t string) (game.Move, string) {
	names := strings.Split(t, ",")
	if len(names) > maxTake {
		return 0, fmt.Sprintf("a take has at most %d squares", maxTake)
	}
	sqs := make([]int, len(names))
	for i, name := range names {
		sq, ok := parseSquare(name)
		if !ok || len(name) != 2 {
			return 0, fmt.Sprintf("take square %q is not a square a1-i9", name)
		}
		if i > 0 && name <= names[i-1] {
			return 0, "take squares must be distinct and in byte order"
		}
		sqs[i] = sq
	}
	slices.Sort(sqs)
	m := game.Move(kindTake | len(sqs)<<3)
	for i, sq := range sqs {
		m |= game.Move(sq) << (6 + 7*i)
	}
	return m, ""
}
