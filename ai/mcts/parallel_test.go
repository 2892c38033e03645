package mcts

import (
	"context"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/internal/aitest"
	"github.com/plateau-games/plateau/ai/internal/nim"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// TestThreadsOptimal: two threads, each growing its tree, play legal and, in
// solved positions, optimal moves, as one thread does (TestOptimalMoves),
// with each kind of selection and playout.
func TestThreadsOptimal(t *testing.T) {
	t.Parallel()
	var positions []game.State
	for _, pos := range []string{"XX1/OO1/3 x", "XX1/O2/3 o", "1O1/1X1/3 x", "X2/1O1/2X o", "3/3/3 x"} {
		s, _ := tictactoe.Parse(pos)
		positions = append(positions, s)
	}
	for pile := 1; pile <= 14; pile++ {
		s, _ := nim.Parse(string(rune('0'+pile/10)) + string(rune('0'+pile%10)) + " 2")
		positions = append(positions, s)
	}
	for _, cfg := range []Config{{}, {Rave: 300}, {Mast: 3}, {Order: true, Widen: 2}} {
		cfg.Limits, cfg.Seed, cfg.Threads = ai.Limits{Nodes: 20000}, 1, 2
		aitest.CheckOptimal(t, func() ai.Agent { return New(cfg) }, positions)
	}
}

// TestThreadsProveTheForcedWin: the forced wins (and a forced loss) that
// one thread proves, two threads prove, playing the same winning move.
func TestThreadsProveTheForcedWin(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pos  string
		want float64 // win probability for the player to act
	}{{"X1O/1O1/2X x", 1}, {"X1X/O2/1OX o", 0}, {"XX1/OO1/3 x", 1}} {
		var moves [2]game.Move
		for i, threads := range []int{1, 2} {
			s, _ := tictactoe.Parse(tc.pos)
			a := New(Config{Limits: ai.Limits{Nodes: 200000}, Seed: 3, Threads: threads})
			m, info, err := a.Choose(context.Background(), s, nil)
			if err != nil {
				t.Fatal(err)
			}
			moves[i] = m
			if !info.Proven || info.WinProb != tc.want || info.Nodes >= 200000 {
				t.Errorf("%s, %d threads: got proven %v, win probability %v after %d iterations, want proven %v before the limit",
					tc.pos, threads, info.Proven, info.WinProb, info.Nodes, tc.want)
			}
		}
		if tc.want == 1 && moves[0] != moves[1] {
			t.Errorf("%s: got move %v with two threads, want the winning move %v", tc.pos, moves[1], moves[0])
		}
	}
}

// TestThreadsShareTheTree: the threads split an iteration limit, each
// doing its part, and every iteration counts at the root once the trees
// are merged.
func TestThreadsShareTheTree(t *testing.T) {
	t.Parallel()
	s, _ := nim.Parse("99 1")
	for _, threads := range []int{2, 3} {
		a := New(Config{Limits: ai.Limits{Nodes: 3001}, Seed: 1, Threads: threads, NoReuse: true})
		m, info, err := a.Choose(context.Background(), s, nil)
		if err != nil || m < 1 || m > 3 {
			t.Fatalf("got move %d, %v, want a legal move", m, err)
		}
		if info.Nodes != 3001 || a.root.visits != 3002 {
			t.Errorf("%d threads: got %d iterations, root visits %v, want 3001 and 3002", threads, info.Nodes, a.root.visits)
		}
		var sum int64
		for i, n := range a.threadIters {
			if want := share(3001, threads, i); n != want {
				t.Errorf("%d threads: thread %d did %d iterations, want %d", threads, i, n, want)
			}
			sum += n
		}
		if sum != 3001 || len(a.threadIters) != threads {
			t.Errorf("%d threads: got iterations %v, want %d threads adding up to 3001", threads, a.threadIters, threads)
		}
	}
}

// TestThreadsReuseTheTree: a parallel search keeps its tree for the next
// move as a serial one does.
func TestThreadsReuseTheTree(t *testing.T) {
	t.Parallel()
	s, _ := tictactoe.Parse("3/3/3 x")
	a := New(Config{Limits: ai.Limits{Nodes: 3000}, Seed: 1, Threads: 2})
	m, _, _ := a.Choose(context.Background(), s, nil)
	s.Play(m)
	s.Play(s.Moves(nil)[0])
	want := find(a.root, s.Hash(), s.ToAct(), reuseDepth)
	if want == nil || want.visits == 0 {
		t.Fatal("the position two plies on is not in the tree")
	}
	visits := want.visits
	if _, info, err := a.Choose(context.Background(), s, nil); err != nil || a.root.visits != visits+float64(info.Nodes) {
		t.Errorf("got a root with %v visits after %d iterations, %v, want the reused subtree's %v more", a.root.visits, info.Nodes, err, visits)
	}
}
