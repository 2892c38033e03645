package yoxii

import (
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// setSize is how many pieces of each value (index 1-4) a player owns.
var setSize = [5]int8{0, 5, 5, 5, 3}

// pieceChars are the letters of the values 1-4, white's then red's.
const pieceChars = "OIYXoiyx"

// StartPosition is the position string of a new game.
const StartPosition = "3/5/7/3T3/7/5/3 w"

// State is a Yoxii position with its history. The hands are not stored
// apart from the board in the position string, but are kept here as
// counts so that move generation need not recount the board.
type State struct {
	pieces   [2][5]uint64 // squares of each player's pieces by value (1-4)
	occ      [2]uint64    // all squares of each player's pieces
	hand     [2][5]int8   // pieces still in hand by value (1-4)
	handMask [2]uint8     // bit v set while value v is in hand
	totem    int
	side     game.Player
	hash     uint64
	hist     []uint32 // moves played here, each with the totem's old square
	// targets caches totemTargets(side) once known (cached is true):
	// Result and then RandomMove or Moves both need it on every ply.
	targets uint64
	cached  bool
}

// New returns the start position.
func New() *State {
	s, err := Parse(StartPosition)
	if err != nil {
		panic(err) // the constant is wrong: a programmer error
	}
	return s
}

// Parse reads a position string: seven rows from rank 7 down, then the
// side to act. It rejects every malformed or impossible position with an
// error naming the field and the problem.
func Parse(pos string) (*State, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("yoxii: %w %q: "+format, append([]any{game.ErrBadPosition, pos}, args...)...)
	}
	fields := strings.Split(pos, " ")
	if len(fields) != 2 {
		return nil, bad("want 2 space-separated fields (board, side to act), got %d", len(fields))
	}
	s := &State{totem: noSquare}
	if err := s.readBoard(fields[0], bad); err != nil {
		return nil, err
	}
	switch fields[1] {
	case "w":
		s.side = game.First
	case "r":
		s.side = game.Second
	default:
		return nil, bad("field 2 (side to act) %q is not w or r", fields[1])
	}
	if err := s.checkCounts(bad); err != nil {
		return nil, err
	}
	s.hash = s.fullHash()
	return s, nil
}

// readBoard fills the board from field 1 and checks its shape.
func (s *State) readBoard(board string, bad func(string, ...any) error) error {
	rows := strings.Split(board, "/")
	if len(rows) != 7 {
		return bad("field 1 (board) has %d rows, want 7", len(rows))
	}
	for i, row := range rows {
		r := 6 - i
		width := rowFiles[r][1] - rowFiles[r][0] + 1
		n := 0 // squares of the row read so far
		prevDigit := false
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '9' {
				if prevDigit {
					return bad("field 1 (board) rank %d: run of empty squares split in two digits", r+1)
				}
				n += int(c - '0')
				prevDigit = true
				continue
			}
			prevDigit = false
			if n >= width {
				return bad("field 1 (board) rank %d %q has more than %d squares", r+1, row, width)
			}
			if err := s.put(c, rowStart[r]+n, r, bad); err != nil {
				return err
			}
			n++
		}
		if n != width {
			return bad("field 1 (board) rank %d %q has %d squares, want %d", r+1, row, n, width)
		}
	}
	if s.totem == noSquare {
		return bad("field 1 (board) has no totem T")
	}
	return nil
}

// put places the piece written c on sq while reading the board.
func (s *State) put(c byte, sq, r int, bad func(string, ...any) error) error {
	if c == 'T' {
		if s.totem != noSquare {
			return bad("field 1 (board) has a second totem T on %s", squareName(sq))
		}
		s.totem = sq
		return nil
	}
	k := strings.IndexByte(pieceChars, c)
	if k < 0 {
		return bad("field 1 (board) rank %d: %q is not a piece, the totem or a digit 1-9", r+1, c)
	}
	p, v := k/4, k%4+1
	s.pieces[p][v] |= 1 << sq
	s.occ[p] |= 1 << sq
	return nil
}

// checkCounts derives the hands and checks them and the side to act.
func (s *State) checkCounts(bad func(string, ...any) error) error {
	var placed [2]int
	for p := range 2 {
		for v := 1; v <= 4; v++ {
			n := int8(popcount(s.pieces[p][v]))
			if n > setSize[v] {
				return bad("field 1 (board) has %d %s pieces of value %d, the set has %d",
					n, playerNames[p], v, setSize[v])
			}
			s.hand[p][v] = setSize[v] - n
			if s.hand[p][v] > 0 {
				s.handMask[p] |= 1 << v
			}
			placed[p] += int(n)
		}
	}
	want := game.Second
	switch placed[0] - placed[1] {
	case 0:
		want = game.First
	case 1:
	default:
		return bad("field 1 (board) has %d white and %d red pieces: white must have as many as red or one more",
			placed[0], placed[1])
	}
	if s.side != want {
		return bad("field 2 (side to act) is %s, but %d white and %d red pieces put %s to act",
			sideLetter[s.side], placed[0], placed[1], sideLetter[want])
	}
	return nil
}

var (
	sideLetter  = [2]string{"w", "r"}
	playerNames = [2]string{"white", "red"}
)

// String returns the position string.
func (s *State) String() string {
	b := game.AppendRows(make([]byte, 0, 64), 7, func(r int) int { return rowStart[r+1] - rowStart[r] },
		func(r, i int) byte { return s.charAt(rowStart[r] + i) })
	b = append(b, ' ')
	b = append(b, sideLetter[s.side]...)
	return string(b)
}

// charAt returns the letter of the piece on sq, 'T' for the totem or 0
// for an empty square.
func (s *State) charAt(sq int) byte {
	if sq == s.totem {
		return 'T'
	}
	p, v := s.pieceAt(sq)
	if v == 0 {
		return 0
	}
	return pieceChars[int(p)*4+v-1]
}

// pieceAt returns the owner and value of the piece on sq; value 0 means
// no piece.
func (s *State) pieceAt(sq int) (game.Player, int) {
	for p := range 2 {
		for v := 1; v <= 4; v++ {
			if s.pieces[p][v]&(1<<sq) != 0 {
				return game.Player(p), v
			}
		}
	}
	return 0, 0
}
