package oxford

import (
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// pieceChars maps [player][face] to the letter of the position string.
var pieceChars = [2][2]byte{{'O', 'X'}, {'o', 'x'}}

// String implements game.State.
func (s *State) String() string {
	b := game.AppendRows(make([]byte, 0, 64), ranks, func(int) int { return files },
		func(r, f int) byte { return s.charAt(r*files + f) })
	return string(b) + []string{" r", " y"}[s.side]
}

// charAt returns the letter of the piece on sq, or 0 for an empty square.
func (s *State) charAt(sq int) byte {
	for p := range s.bb {
		for f := range s.bb[p] {
			if s.bb[p][f]&(1<<sq) != 0 {
				return pieceChars[p][f]
			}
		}
	}
	return 0
}

// parse reads a position string. It accepts only the canonical form that
// String writes, so that anything parsed prints back identically.
func parse(pos string, beginner bool) (*State, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("oxford: %w %q: "+format, append([]any{game.ErrBadPosition, pos}, args...)...)
	}
	fields := strings.Split(pos, " ")
	if len(fields) != 2 {
		return nil, bad("want 2 fields (board, side) separated by one space, got %d", len(fields))
	}
	s := &State{beginner: beginner}
	if err := s.parseBoard(fields[0]); err != nil {
		return nil, bad("field 1 (board) %v", err)
	}
	switch fields[1] {
	case "r":
	case "y":
		s.side = game.Second
	default:
		return nil, bad("field 2 (side) %q: want r or y", fields[1])
	}
	if err := s.checkMaterial(); err != nil {
		return nil, bad("field 1 (board) %v", err)
	}
	s.hash = s.fullHash()
	s.hashes = append(make([]uint64, 0, 64), s.hash)
	return s, nil
}

func (s *State) parseBoard(board string) error {
	rows := strings.Split(board, "/")
	if len(rows) != ranks {
		return fmt.Errorf("%q: want %d rows separated by /, got %d", board, ranks, len(rows))
	}
	for i, row := range rows {
		r := ranks - 1 - i
		if err := s.parseRow(row, r); err != nil {
			return fmt.Errorf("row %d (rank %d) %q: %w", i+1, r+1, row, err)
		}
	}
	return nil
}

func (s *State) parseRow(row string, r int) error {
	f := 0
	digit := false
	for i := 0; i < len(row); i++ {
		c := row[i]
		if c >= '1' && c <= '9' {
			if digit {
				return fmt.Errorf("two digits in a row (write one run of empty squares)")
			}
			digit = true
			f += int(c - '0')
			if f > files {
				return fmt.Errorf("has more than %d squares", files)
			}
			continue
		}
		digit = false
		p, face, ok := pieceOf(c)
		if !ok {
			return fmt.Errorf("bad character %q (want O X o x or a digit 1-%d)", c, files)
		}
		if f >= files {
			return fmt.Errorf("has more than %d squares", files)
		}
		s.bb[p][face] |= 1 << (r*files + f)
		f++
	}
	if f != files {
		return fmt.Errorf("has %d squares, want %d", f, files)
	}
	return nil
}

func pieceOf(c byte) (p game.Player, face int, ok bool) {
	for p := range pieceChars {
		for f, pc := range pieceChars[p] {
			if c == pc {
				return game.Player(p), f, true
			}
		}
	}
	return 0, 0, false
}

// checkMaterial rejects boards that no game can reach.
func (s *State) checkMaterial() error {
	for p := game.First; p <= game.Second; p++ {
		name := playerName[p]
		if n := popcount(s.own(p)); n > s.setSize() {
			return fmt.Errorf("has %d %s pieces, more than the set of %d", n, name, s.setSize())
		}
		if n := s.inPlay(p); n > maxInPlay {
			return fmt.Errorf("has %d %s pieces in play, more than %d", n, name, maxInPlay)
		}
		if b := s.own(p) & (redBase | yellowBase); s.beginner && b != 0 {
			return fmt.Errorf("has a %s piece on %s, but the beginner variant uses no base", name, squareName(lowSquare(b)))
		}
		// A piece that enters the opponent's base goes straight home.
		if b := s.own(p) & baseMask[p.Other()]; b != 0 {
			return fmt.Errorf("has a %s piece on %s, the %s base", name, squareName(lowSquare(b)), playerName[p.Other()])
		}
	}
	return nil
}
