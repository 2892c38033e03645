// Package aitest holds what the tests of the searches share: an exact
// reference solver that does not assume alternation, and a check that
// an agent's choices are legal and, in solved positions, optimal.
package aitest

import (
	"context"
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
