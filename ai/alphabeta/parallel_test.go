package alphabeta_test

import (
	"context"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/alphabeta"
	"github.com/plateau-games/plateau/ai/internal/aitest"
	"github.com/plateau-games/plateau/ai/internal/nim"
	"github.com/plateau-games/plateau/game"
)

// TestThreadsOptimal: two threads sharing the table play legal and, in
// solved positions, optimal moves, as one thread does.
func TestThreadsOptimal(t *testing.T) {
	t.Parallel()
	positions := []game.State{ttt(t, "XX1/OO1/3 x"), ttt(t, "XX1/O2/3 o"), ttt(t, "1O1/1X1/3 x"),
		ttt(t, "X2/1O1/2X o"), ttt(t, "3/3/3 x")}
	for pile := 1; pile <= 20; pile++ {
		s, _ := nim.Parse(string(rune('0'+pile/10)) + string(rune('0'+pile%10)) + " 1")
		positions = append(positions, s)
	}
	aitest.CheckOptimal(t, func() ai.Agent {
		return alphabeta.New(alphabeta.Config{Limits: ai.Limits{Depth: 30}, Threads: 2})
	}, positions)
}

// TestThreadsFindTheForcedWin: the forced wins of TestProvenScores, at
// the same distance, with two threads.
func TestThreadsFindTheForcedWin(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pos  string
		mate int
	}{{"XX1/OO1/3 x", 1}, {"XX1/OO1/X2 o", 1}, {"X1X/O2/1OX o", -2}} {
		for _, threads := range []int{1, 2} {
			a := alphabeta.New(alphabeta.Config{Limits: ai.Limits{Depth: 9}, Threads: threads})
			m, info, err := a.Choose(context.Background(), ttt(t, tc.pos), nil)
			if err != nil {
				t.Fatal(err)
			}
			if got, ok := info.MateIn(); !ok || got != tc.mate || m != info.Best {
				t.Errorf("%s, %d threads: got mate %d (%v), score %d, want mate %d", tc.pos, threads, got, ok, info.Score, tc.mate)
			}
		}
	}
}

// TestThreadsShareTheNodeLimit: the threads split a node limit, and the
// info counts the nodes of all: one thread alone would stop at its half.
func TestThreadsShareTheNodeLimit(t *testing.T) {
	t.Parallel()
	s, _ := nim.Parse("900 1")
	for _, threads := range []int{2, 3} {
		a := alphabeta.New(alphabeta.Config{Limits: ai.Limits{Nodes: 3000}, Threads: threads})
		for range 2 { // the second search reuses the helpers and the table
			m, info, err := a.Choose(context.Background(), s, nil)
			if err != nil || m < 1 || m > 3 {
				t.Fatalf("got move %d, %v, want a legal move", m, err)
			}
			if info.Nodes < 3000 || info.Nodes > 3000+int64(threads) {
				t.Errorf("%d threads: got %d nodes, want the limit, 3000, counted over all threads", threads, info.Nodes)
			}
		}
	}
}
