package alphabeta_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/alphabeta"
	"github.com/plateau-games/plateau/ai/internal/aitest"
	"github.com/plateau-games/plateau/ai/internal/nim"
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
	for pile := 1; pile <= 20; pile++ {
		for _, who := range []int{1, 2} {
			s, _ := nim.Parse(fmt.Sprintf("%d %d", pile, who))
			nims = append(nims, s)
		}
	}
	cases := map[string][]game.State{
		"nim": nims,
		"tictactoe": {ttt(t, "XX1/OO1/3 x"), ttt(t, "XX1/O2/3 o"), ttt(t, "1O1/1X1/3 x"),
			ttt(t, "X2/1O1/2X o"), ttt(t, "3/3/3 x")},
	}
	for name, positions := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			aitest.CheckOptimal(t, func() ai.Agent {
				return alphabeta.New(alphabeta.Config{Limits: ai.Limits{Depth: 30}})
			}, positions)
		})
	}
}

func TestProvenScores(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pos  string
		mate int
	}{
		{"XX1/OO1/3 x", 1},   // x wins at once
		{"XX1/OO1/X2 o", 1},  // o wins at once
		{"X1X/O2/1OX o", -2}, // wherever o blocks, x completes a line
	} {
		t.Run(tc.pos, func(t *testing.T) {
			t.Parallel()
			a := alphabeta.New(alphabeta.Config{Limits: ai.Limits{Depth: 9}})
			_, info, err := a.Choose(context.Background(), ttt(t, tc.pos), nil)
			if err != nil {
				t.Fatal(err)
			}
			if got, ok := info.MateIn(); !ok || got != tc.mate {
				t.Errorf("got mate %d (%v), score %d, want mate %d", got, ok, info.Score, tc.mate)
			}
		})
	}
}

func TestNodeLimitIsDeterministic(t *testing.T) {
	t.Parallel()
	s, _ := nim.Parse("40 1")
	var infos [2]ai.Info
	for i := range infos {
		a := alphabeta.New(alphabeta.Config{Limits: ai.Limits{Nodes: 500}})
		_, infos[i], _ = a.Choose(context.Background(), s, nil)
	}
	if infos[0].Best != infos[1].Best || infos[0].Depth != infos[1].Depth || infos[0].Nodes != infos[1].Nodes {
		t.Errorf("got %+v and %+v, want the same", infos[0], infos[1])
	}
	if infos[0].Nodes > 501 {
		t.Errorf("got %d nodes, want at most the limit", infos[0].Nodes)
	}
}

func TestFinishedAndCancelled(t *testing.T) {
	t.Parallel()
	a := alphabeta.New(alphabeta.Config{})
	if _, _, err := a.Choose(context.Background(), ttt(t, "XXX/OO1/3 o"), nil); !errors.Is(err, ai.ErrNoMoves) {
		t.Errorf("finished game: got %v, want ErrNoMoves", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s, _ := nim.Parse("900 1")
	m, _, err := a.Choose(ctx, s, nil)
	if err != nil || m < 1 || m > 3 {
		t.Errorf("cancelled search: got move %d, %v, want a legal move", m, err)
	}
}

func TestStopsWhenTheTreeIsComplete(t *testing.T) {
	t.Parallel()
	a := alphabeta.New(alphabeta.Config{})
	_, info, err := a.Choose(context.Background(), ttt(t, "3/3/3 x"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !info.Proven || info.Score != 0 || info.Depth > 12 {
		t.Errorf("got proven %v, score %d at depth %d, want a proven draw found by depth 12", info.Proven, info.Score, info.Depth)
	}
}

// TestMultiPV asks for the three best root moves of solved positions:
// each line's score must be its move's exact value, the k best in order.
func TestMultiPV(t *testing.T) {
	t.Parallel()
	positions := []game.State{ttt(t, "XX1/OO1/3 x"), ttt(t, "XX1/O2/3 o"), ttt(t, "1O1/1X1/3 x"),
		ttt(t, "X2/1O1/2X o"), ttt(t, "3/3/3 x"), ttt(t, "XOX/OX1/O2 x")}
	for pile := 1; pile <= 9; pile++ {
		s, _ := nim.Parse(fmt.Sprintf("%d 1", pile))
		positions = append(positions, s)
	}
	for _, k := range []int{2, 3} {
		aitest.CheckMultiPV(t, func() ai.Agent {
			return alphabeta.New(alphabeta.Config{Limits: ai.Limits{Depth: 30}, MultiPV: k})
		}, positions, k, true)
	}
}

// TestMultiPVOneLine: without MultiPV, or with one legal move, the info
// has no MultiPV list.
func TestMultiPVOneLine(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pos     string
		multiPV int
	}{{"3/3/3 x", 0}, {"3/3/3 x", 1}, {"XOX/OXO/OX1 x", 3}} {
		_, info, err := alphabeta.New(alphabeta.Config{Limits: ai.Limits{Depth: 4}, MultiPV: tc.multiPV}).Choose(context.Background(), ttt(t, tc.pos), nil)
		if err != nil || info.MultiPV != nil {
			t.Errorf("%s multipv %d: got %d lines, %v, want none", tc.pos, tc.multiPV, len(info.MultiPV), err)
		}
	}
}
