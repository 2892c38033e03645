// Package aitest holds what the tests of the searches share: an exact
// reference solver that does not assume alternation, and a check that
// an agent's choices are legal and, in solved positions, optimal.
package aitest

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// Solve returns the game-theoretic result of s by exhaustive search,
// memoised on the hash; only for tiny games.
func Solve(s game.State) game.Result {
	return solve(s, map[uint64]game.Result{})
}

func solve(s game.State, memo map[uint64]game.Result) game.Result {
	if r := s.Result(); r != game.Ongoing {
		return r
	}
	if r, ok := memo[s.Hash()]; ok {
		return r
	}
	p := s.ToAct()
	best := game.Win(p.Other())
	for _, m := range s.Moves(nil) {
		s.Play(m)
		r := solve(s, memo)
		s.Undo()
		if r == game.Win(p) {
			best = r
			break
		}
		if r == game.Draw {
			best = r
		}
	}
	memo[s.Hash()] = best
	return best
}

// rank orders results for player p: loss 0, draw 1, win 2.
func rank(r game.Result, p game.Player) int {
	switch r {
	case game.Win(p):
		return 2
	case game.Draw:
		return 1
	}
	return 0
}

// CheckOptimal asks a fresh agent for a move in each position and fails
// when the move is illegal or throws away the position's exact value.
func CheckOptimal(t *testing.T, newAgent func() ai.Agent, positions []game.State) {
	t.Helper()
	for _, s := range positions {
		want := Solve(s)
		before := s.String()
		m, _, err := newAgent().Choose(context.Background(), s, nil)
		if err != nil {
			t.Errorf("%s: %v", s, err)
			continue
		}
		if s.String() != before {
			t.Fatalf("Choose changed the position from %q to %q", before, s)
		}
		if !legal(s, m) {
			t.Errorf("%s: illegal move %d", s, m)
			continue
		}
		p := s.ToAct()
		s.Play(m)
		got := Solve(s)
		text := s.String()
		s.Undo()
		if rank(got, p) < rank(want, p) {
			t.Errorf("%s: got move %s leading to %s (%s), want a move keeping %s", s, s.FormatMove(m), text, got, want)
		}
	}
}

func legal(s game.State, m game.Move) bool {
	for _, x := range s.Moves(nil) {
		if x == m {
			return true
		}
	}
	return false
}

// CheckMultiPV asks a fresh agent, made to report k lines, for each
// position's best lines (ai.Info.MultiPV) and checks them against the
// exact values of the root moves: min(k, moves) distinct legal moves,
// the first the move chosen, each line starting with its move, and
// their exact values, in order, the k best values of all root moves,
// best first (fewer when the search proved the root's value). With exact, each line's win probability must also say its
// move's exact value (1 win, 0.5 draw, 0 loss).
func CheckMultiPV(t *testing.T, newAgent func() ai.Agent, positions []game.State, k int, exact bool) {
	t.Helper()
	for _, s := range positions {
		moves := s.Moves(nil)
		m, info, err := newAgent().Choose(context.Background(), s, nil)
		if err != nil {
			t.Errorf("%s: %v", s, err)
			continue
		}
		lines := info.MultiPV
		// A search may end as soon as it proves the root's value.
		if want := min(k, len(moves)); want > 1 && len(lines) != want && !(info.Proven && len(lines) < want) {
			t.Errorf("%s: got %d lines, want %d", s, len(lines), want)
			continue
		}
		if len(lines) > 0 && lines[0].Best != m {
			t.Errorf("%s: got first line %s, want the move chosen %s", s, s.FormatMove(lines[0].Best), s.FormatMove(m))
		}
		checkLines(t, s, lines, exact)
	}
}

// checkLines compares each line with the exact value of its move.
func checkLines(t *testing.T, s game.State, lines []ai.Info, exact bool) {
	t.Helper()
	p := s.ToAct()
	value := func(m game.Move) int {
		s.Play(m)
		defer s.Undo()
		return rank(Solve(s), p)
	}
	var all []int
	for _, m := range s.Moves(nil) {
		all = append(all, value(m))
	}
	slices.Sort(all)
	slices.Reverse(all)
	seen := map[game.Move]bool{}
	for i, l := range lines {
		if !legal(s, l.Best) || seen[l.Best] || len(l.PV) == 0 || l.PV[0] != l.Best {
			t.Errorf("%s: line %d: got move %d with pv %v, want a new legal move starting its line", s, i+1, l.Best, l.PV)
			continue
		}
		seen[l.Best] = true
		v := value(l.Best)
		if v != all[i] {
			t.Errorf("%s: line %d (%s): got a move of value %d, want the %d-th best value %d", s, i+1, s.FormatMove(l.Best), v, i+1, all[i])
		}
		if wp := l.WinProbability(); exact && wp != float64(v)/2 {
			t.Errorf("%s: line %d (%s): got win probability %v, want %v", s, i+1, s.FormatMove(l.Best), wp, float64(v)/2)
		}
	}
}

// Centred is a game with one evaluation feature, the centre of a 3x3
// board (tic-tac-toe's): 1 when the player to act holds it, -1 when the
// opponent does, 0 while it is empty; its compiled-in weight is 10. The
// weights tests of the searches see whether they follow other weights.
type Centred struct{ game.State }

// Clone implements game.State.
func (c Centred) Clone() game.State { return Centred{c.State.Clone()} }

// Features implements game.Featurer.
func (c Centred) Features(dst []float64) []float64 {
	s := c.String() // "3/1X1/3 o": the middle row's middle cell
	rows := strings.Split(strings.Fields(s)[0], "/")
	mid := strings.NewReplacer("1", ".", "2", "..", "3", "...").Replace(rows[1])[1]
	own := strings.ToUpper(strings.Fields(s)[1])[0]
	switch mid {
	case '.':
		return append(dst, 0)
	case own:
		return append(dst, 1)
	}
	return append(dst, -1)
}

// EvalWeights implements game.Featurer.
func (c Centred) EvalWeights() []float64 { return []float64{10} }

// FeatureNames implements game.Featurer.
func (c Centred) FeatureNames() []string { return []string{"centre"} }

// Evaluate implements game.Evaluator.
func (c Centred) Evaluate() int { return int(10 * c.Features(nil)[0]) }
