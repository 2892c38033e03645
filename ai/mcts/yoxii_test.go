package mcts

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/solver"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/yoxii"
)

// TestThreadsYoxiiForcedWins: in late Yoxii positions that one thread
// proves won, two threads (level 8's configuration) prove the win too,
// and play a move that the alpha-beta solver confirms wins.
func TestThreadsYoxiiForcedWins(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 5))
	checked := 0
	for g := 0; g < 40 && checked < 6; g++ {
		s, err := yoxii.Game().Start(nil)
		if err != nil {
			t.Fatal(err)
		}
		plies := 0
		for ; s.Result() == game.Ongoing; plies++ {
			ms := s.Moves(nil)
			s.Play(ms[rng.IntN(len(ms))])
		}
		for range min(3, plies) {
			s.Undo()
		}
		if forcedWinBothWays(t, s) {
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("got no proved win to compare, want some")
	}
}

// forcedWinBothWays reports whether one thread proves s won, and then
// checks two threads.
func forcedWinBothWays(t *testing.T, s game.State) bool {
	t.Helper()
	search := func(threads int) (game.Move, ai.Info) {
		a := New(Config{Limits: ai.Limits{Nodes: 30000}, Seed: 1, Threads: threads, Explore: 0.2, Order: true, Widen: 3, Policy: true})
		m, info, err := a.Choose(context.Background(), s, nil)
		if err != nil {
			t.Fatal(err)
		}
		return m, info
	}
	if _, one := search(1); !one.Proven || one.WinProb != 1 {
		return false
	}
	m, two := search(2)
	if !two.Proven || two.WinProb != 1 {
		t.Fatalf("%s: two threads got proven %v, win probability %v, want the win one thread proves", s, two.Proven, two.WinProb)
	}
	p := s.ToAct()
	s.Play(m)
	defer s.Undo()
	r := solver.New(18).Solve(context.Background(), s, solver.Limits{Nodes: 2_000_000})
	won := (r.Value == solver.Win && s.ToAct() == p) || (r.Value == solver.Loss && s.ToAct() != p) || s.Result() == game.Win(p)
	if !won {
		t.Fatalf("%s: two threads played %s, which the solver finds %v for %v to act, want a win for the mover", s, s.FormatMove(m), r.Value, s.ToAct())
	}
	return true
}
