package ai_test

import (
	"strings"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

func TestWinProbability(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		info ai.Info
		want float64
	}{
		{ai.Info{HasWinProb: true, WinProb: 0.3}, 0.3},
		{ai.Info{Score: ai.MateScore - 3}, 1},
		{ai.Info{Score: -(ai.MateScore - 2)}, 0},
		{ai.Info{Score: 0}, 0.5},
		{ai.Info{Score: ai.EvalScale}, 0.7310585786300049},
		{ai.Info{Score: -ai.EvalScale}, 0.2689414213699951},
	} {
		if got := tc.info.WinProbability(); got != tc.want {
			t.Errorf("%+v: got %v, want %v", tc.info, got, tc.want)
		}
	}
}

func TestPVLines(t *testing.T) {
	t.Parallel()
	s, err := tictactoe.Parse("XX1/OO1/3 x")
	if err != nil {
		t.Fatal(err)
	}
	mv := func(text string) game.Move {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	win := ai.Info{Best: mv("c3"), Score: ai.MateScore - 1, PV: []game.Move{mv("c3")}}
	other := ai.Info{Best: mv("a1"), Score: -(ai.MateScore - 2), PV: []game.Move{mv("a1"), mv("c2")}}
	mc := ai.Info{Best: mv("a1"), HasWinProb: true, WinProb: 0.25, PV: []game.Move{mv("a1")}}
	for _, tc := range []struct {
		info ai.Info
		want string
	}{
		{ai.Info{Depth: 2, Nodes: 10, Best: win.Best, Score: win.Score, PV: win.PV, MultiPV: []ai.Info{win, other}},
			"depth 2 multipv 1 nodes 10 nps 0 score mate 1 wp 1.000 pv c3|depth 2 multipv 2 nodes 10 nps 0 score mate -2 wp 0.000 pv a1 c2"},
		{ai.Info{Depth: 1, Score: 100, Best: win.Best, PV: win.PV}, "depth 1 multipv 1 nodes 0 nps 0 score 100 wp 0.731 pv c3"},
		{ai.Info{Depth: 3, HasWinProb: true, WinProb: 0.5, MultiPV: []ai.Info{mc, mc}}, "depth 3 multipv 1 nodes 0 nps 0 wp 0.250 pv a1|depth 3 multipv 2 nodes 0 nps 0 wp 0.250 pv a1"},
	} {
		if got := strings.Join(tc.info.PVLines(s), "|"); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}
