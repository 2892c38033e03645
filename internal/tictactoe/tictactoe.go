package tictactoe

import (
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// Game returns the description used to build a registry.
func Game() game.Game {
	return game.Game{
		Name: "tictactoe", Title: "Tic-tac-toe", Players: [2]string{"x", "o"},
		Colours: [2]game.Text{texts("Crosses"), texts("Noughts")},
		Summary: texts("Three in a row on a 3x3 grid: the game that tests the platform."),
		Start:   func(game.Options) (game.State, error) { return &State{}, nil },
		Parse:   func(_ game.Options, pos string) (game.State, error) { return Parse(pos) },
		Texts:   catalog,
	}
}

// State is a tic-tac-toe position with its history.
type State struct {
	cells [9]int8 // 0 empty, 1 first, 2 second
	hist  []int8  // moves played on this State
	base  int     // pieces already placed in the position it started from
	hash  uint64
}

var lines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func zobrist(sq int, who int8) uint64 { return uint64(sq*2+int(who)) * 0x9E3779B97F4A7C15 }

// ToAct implements game.State.
func (s *State) ToAct() game.Player { return game.Player((s.base + len(s.hist)) % 2) }

// Moves implements game.State.
func (s *State) Moves(dst []game.Move) []game.Move {
	if s.Result() != game.Ongoing {
		return dst
	}
	for i, c := range s.cells {
		if c == 0 {
			dst = append(dst, game.Move(i))
		}
	}
	return dst
}

// Play implements game.State.
func (s *State) Play(m game.Move) {
	who := int8(s.ToAct()) + 1
	s.cells[m] = who
	s.hash ^= zobrist(int(m), who)
	s.hist = append(s.hist, int8(m))
}

// Undo implements game.State.
func (s *State) Undo() {
	m := s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	s.hash ^= zobrist(int(m), s.cells[m])
	s.cells[m] = 0
}

// Result implements game.State.
func (s *State) Result() game.Result {
	for _, l := range lines {
		if c := s.cells[l[0]]; c != 0 && c == s.cells[l[1]] && c == s.cells[l[2]] {
			return game.Win(game.Player(c - 1))
		}
	}
	for _, c := range s.cells {
		if c == 0 {
			return game.Ongoing
		}
	}
	return game.Draw
}

// Hash implements game.State.
func (s *State) Hash() uint64 { return s.hash ^ uint64(s.ToAct()) }

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	c.hist = append([]int8(nil), s.hist...)
	return &c
}

// String implements game.State.
func (s *State) String() string {
	var b strings.Builder
	for r := 2; r >= 0; r-- {
		empty := 0
		for f := 0; f < 3; f++ {
			c := s.cells[r*3+f]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteByte(" XO"[c])
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString([]string{" x", " o"}[s.ToAct()])
	return b.String()
}

// FormatMove implements game.State.
func (s *State) FormatMove(m game.Move) string {
	return string([]byte{'a' + byte(m%3), '1' + byte(m/3)})
}

// ParseMove implements game.State.
func (s *State) ParseMove(text string) (game.Move, error) {
	t := strings.ToLower(text)
	if len(t) != 2 || t[0] < 'a' || t[0] > 'c' || t[1] < '1' || t[1] > '3' {
		return 0, fmt.Errorf("tictactoe: %w %q: want a square a1..c3", game.ErrBadMove, text)
	}
	return game.Move(int(t[1]-'1')*3 + int(t[0]-'a')), nil
}

// Scores implements game.State: 1 for the winner.
func (s *State) Scores() [2]int {
	if p, ok := s.Result().Winner(); ok {
		var sc [2]int
		sc[p] = 1
		return sc
	}
	return [2]int{}
}

// Reason implements game.State.
func (s *State) Reason() string {
	switch s.Result() {
	case game.Ongoing:
		return ""
	case game.Draw:
		return "board full"
	}
	return "three in a row"
}

// Evaluate implements game.Evaluator: the centre is worth a little.
func (s *State) Evaluate() int {
	switch s.cells[4] {
	case 0:
		return 0
	case int8(s.ToAct()) + 1:
		return 10
	}
	return -10
}

// Parse reads a position string.
func Parse(pos string) (*State, error) {
	rows, side, ok := strings.Cut(pos, " ")
	if !ok || (side != "x" && side != "o") {
		return nil, fmt.Errorf("tictactoe: %w %q: want rows and a side, x or o", game.ErrBadPosition, pos)
	}
	s := &State{}
	rs := strings.Split(rows, "/")
	if len(rs) != 3 {
		return nil, fmt.Errorf("tictactoe: %w %q: want 3 rows, got %d", game.ErrBadPosition, pos, len(rs))
	}
	var n [3]int
	for i, row := range rs {
		f := 0
		for _, c := range row {
			switch {
			case c >= '1' && c <= '3':
				f += int(c - '0')
			case (c == 'X' || c == 'O') && f < 3:
				who := int8(1)
				if c == 'O' {
					who = 2
				}
				s.cells[(2-i)*3+f] = who
				n[who]++
				f++
			default:
				return nil, fmt.Errorf("tictactoe: %w %q: bad row %q", game.ErrBadPosition, pos, row)
			}
		}
		if f != 3 {
			return nil, fmt.Errorf("tictactoe: %w %q: row %q has %d squares, want 3", game.ErrBadPosition, pos, row, f)
		}
	}
	if n[1] != n[2] && n[1] != n[2]+1 || (side == "x") != (n[1] == n[2]) {
		return nil, fmt.Errorf("tictactoe: %w %q: side to act does not match the piece counts", game.ErrBadPosition, pos)
	}
	for i, c := range s.cells {
		if c != 0 {
			s.hash ^= zobrist(i, c)
		}
	}
	s.base = n[1] + n[2]
	return s, nil
}
