package mcts_test

import (
	"context"
	"errors"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/internal/aitest"
	"github.com/plateau-games/plateau/ai/internal/nim"
	"github.com/plateau-games/plateau/ai/mcts"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

func ttt(t *testing.T, pos string) game.State {
	t.Helper()
	s, err := tictactoe.Parse(pos)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestOptimalMoves(t *testing.T) {
	t.Parallel()
	var nims []game.State
	for pile := 1; pile <= 14; pile++ {
		for _, who := range []string{"1", "2"} {
			s, _ := nim.Parse(fmt_(pile, who))
			nims = append(nims, s)
		}
	}
	ttts := []game.State{
		ttt(t, "XX1/OO1/3 x"), // win at once
		ttt(t, "XX1/O2/3 o"),  // block
		ttt(t, "1O1/1X1/3 x"), // keep the draw or better
		ttt(t, "X2/1O1/2X o"), // avoid the fork trap
		ttt(t, "3/3/3 x"),
	}
	cases := map[string][]game.State{"nim": nims, "tictactoe": ttts}
	for name, positions := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			aitest.CheckOptimal(t, func() ai.Agent {
				return mcts.New(mcts.Config{Limits: ai.Limits{Nodes: 20000}, Seed: 1})
			}, positions)
			aitest.CheckOptimal(t, func() ai.Agent {
				return mcts.New(mcts.Config{Limits: ai.Limits{Nodes: 20000}, Seed: 1, Rave: 300})
			}, positions)
		})
	}
}

func fmt_(pile int, who string) string {
	return string(rune('0'+pile/10)) + string(rune('0'+pile%10)) + " " + who
}

func TestSolvesTicTacToe(t *testing.T) {
	t.Parallel()
	a := mcts.New(mcts.Config{Limits: ai.Limits{Nodes: 200000}, Seed: 3})
	_, info, err := a.Choose(context.Background(), ttt(t, "1X1/1O1/3 x"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !info.Proven || info.WinProb != 0.5 {
		t.Errorf("got proven %v, win probability %v, want a proven draw (0.5)", info.Proven, info.WinProb)
	}
	if info.Nodes >= 200000 {
		t.Errorf("got %d iterations, want the search to stop once the root is solved", info.Nodes)
	}
}

func TestDeterministic(t *testing.T) {
	t.Parallel()
	run := func() []string {
		a := mcts.New(mcts.Config{Limits: ai.Limits{Nodes: 300}, Seed: 7})
		s := ttt(t, "3/3/3 x")
		var moves []string
		for s.Result() == game.Ongoing {
			m, _, err := a.Choose(context.Background(), s, nil)
			if err != nil {
				t.Fatal(err)
			}
			moves = append(moves, s.FormatMove(m))
			s.Play(m)
		}
		return moves
	}
	a, b := run(), run()
	if len(a) != len(b) {
		t.Fatalf("got games %v and %v, want the same", a, b)
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("got games %v and %v, want the same", a, b)
		}
	}
}

func TestFinishedAndCancelled(t *testing.T) {
	t.Parallel()
	a := mcts.New(mcts.Config{})
	if _, _, err := a.Choose(context.Background(), ttt(t, "XXX/OO1/3 o"), nil); !errors.Is(err, ai.ErrNoMoves) {
		t.Errorf("finished game: got %v, want ErrNoMoves", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := ttt(t, "3/3/3 x")
	m, _, err := a.Choose(ctx, s, nil)
	if err != nil || m > 8 {
		t.Errorf("cancelled search: got move %d, %v, want a legal move", m, err)
	}
}

func TestCutoffAndCap(t *testing.T) {
	t.Parallel()
	for _, cfg := range []mcts.Config{
		{Limits: ai.Limits{Nodes: 2000}, Cutoff: 2},
		{Limits: ai.Limits{Nodes: 2000}, Cap: 1},
		{Limits: ai.Limits{Nodes: 2000, Depth: 1}},
		{Limits: ai.Limits{Nodes: 2000}, Order: true, Widen: 1},
		{Limits: ai.Limits{Nodes: 2000}, Rave: 300},
		{Limits: ai.Limits{Nodes: 2000}, Mast: 3},
		{Limits: ai.Limits{Nodes: 2000}, Rave: 300, Widen: 1, Order: true},
	} {
		aitest.CheckOptimal(t, func() ai.Agent { return mcts.New(cfg) },
			[]game.State{ttt(t, "XX1/OO1/3 x"), ttt(t, "XX1/O2/3 o")})
	}
}

func TestReport(t *testing.T) {
	t.Parallel()
	var got []ai.Info
	a := mcts.New(mcts.Config{Limits: ai.Limits{Nodes: 500}})
	s := ttt(t, "3/3/3 x")
	m, info, _ := a.Choose(context.Background(), s, func(i ai.Info) { got = append(got, i) })
	if len(got) == 0 || got[len(got)-1].Best != m || !info.HasWinProb || len(info.PV) == 0 || info.PV[0] != m {
		t.Errorf("got reports %v and info %+v, want a final report naming the move %d", got, info, m)
	}
}

// TestMultiPV asks for the best root moves of solved positions: the
// lines must be the moves of the k best exact values, in order.
func TestMultiPV(t *testing.T) {
	t.Parallel()
	positions := []game.State{ttt(t, "XX1/OO1/3 x"), ttt(t, "XX1/O2/3 o"), ttt(t, "X2/1O1/2X o"),
		ttt(t, "3/3/3 x"), ttt(t, "XOX/OX1/O2 x")}
	for _, k := range []int{2, 3} {
		aitest.CheckMultiPV(t, func() ai.Agent {
			return mcts.New(mcts.Config{Limits: ai.Limits{Nodes: 20000}, Seed: 1, MultiPV: k})
		}, positions, k, false)
	}
}
