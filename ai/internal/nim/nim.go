// Package nim is a tiny test game in which players do not alternate:
// from a pile of stones a player takes 1, 2 or 3, and after taking
// exactly 2 (with stones left) the same player acts again. Whoever takes
// the last stone wins. It exists to test that searches never assume
// alternation; the position is "<pile> <player to act, 1 or 2>".
package nim

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// Game returns the description used to build a registry.
func Game() game.Game {
	return game.Game{
		Name: "nim", Title: "Chain nim", Players: [2]string{"1", "2"},
		Start: func(game.Options) (game.State, error) { return New(21), nil },
		Parse: func(_ game.Options, pos string) (game.State, error) { return Parse(pos) },
	}
}

// State is a nim position with its history.
type State struct {
	pile  int
	toAct game.Player
	hist  []step
}

type step struct {
	take  int
	toAct game.Player
}

// New returns a game with n stones, the first player to act.
func New(n int) *State { return &State{pile: n} }

// Parse reads "<pile> <1|2>".
func Parse(pos string) (*State, error) {
	f := strings.Fields(pos)
	if len(f) != 2 || (f[1] != "1" && f[1] != "2") {
		return nil, fmt.Errorf("nim: %w %q: want a pile and a player", game.ErrBadPosition, pos)
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 0 || n > 1000 {
		return nil, fmt.Errorf("nim: %w %q: bad pile", game.ErrBadPosition, pos)
	}
	return &State{pile: n, toAct: game.Player(f[1][0] - '1')}, nil
}

// ToAct implements game.State.
func (s *State) ToAct() game.Player { return s.toAct }

// Moves implements game.State: the number of stones to take.
func (s *State) Moves(dst []game.Move) []game.Move {
	for k := 1; k <= 3 && k <= s.pile; k++ {
		dst = append(dst, game.Move(k))
	}
	return dst
}

// Play implements game.State.
func (s *State) Play(m game.Move) {
	s.hist = append(s.hist, step{int(m), s.toAct})
	s.pile -= int(m)
	if m != 2 || s.pile == 0 {
		s.toAct = s.toAct.Other()
	}
}

// Undo implements game.State.
func (s *State) Undo() {
	st := s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	s.pile += st.take
	s.toAct = st.toAct
}

// Result implements game.State: the player who took the last stone won,
// and that is the player who is not to act.
func (s *State) Result() game.Result {
	if s.pile > 0 {
		return game.Ongoing
	}
	return game.Win(s.toAct.Other())
}

// Hash implements game.State.
func (s *State) Hash() uint64 {
	return (uint64(s.pile)*2 + uint64(s.toAct) + 1) * 0x9E3779B97F4A7C15
}

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	c.hist = append([]step(nil), s.hist...)
	return &c
}

// String implements game.State.
func (s *State) String() string { return fmt.Sprintf("%d %d", s.pile, s.toAct+1) }

// FormatMove implements game.State.
func (s *State) FormatMove(m game.Move) string { return strconv.Itoa(int(m)) }

// ParseMove implements game.State.
func (s *State) ParseMove(t string) (game.Move, error) {
	n, err := strconv.Atoi(t)
	if err != nil || n < 1 || n > 3 {
		return 0, fmt.Errorf("nim: %w %q: want 1, 2 or 3", game.ErrBadMove, t)
	}
	return game.Move(n), nil
}

// Scores implements game.State.
func (s *State) Scores() [2]int { return [2]int{} }

// Reason implements game.State.
func (s *State) Reason() string {
	if s.pile > 0 {
		return ""
	}
	return "last stone"
}

// Evaluate implements game.Evaluator; nim has no useful static score.
func (s *State) Evaluate() int { return 0 }
