package solver_test

import (
	"context"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/solver"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// firstMove is a search that plays the first legal move and counts its
// calls, to see when the solver agent falls back to it.
type firstMove struct{ calls int }

func (f *firstMove) Choose(_ context.Context, s game.State, _ func(ai.Info)) (game.Move, ai.Info, error) {
	f.calls++
	m := s.Moves(nil)[0]
	return m, ai.Info{Best: m}, nil
}

func TestAgent(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, pos  string
		budget     int64
		want       string // the move, "" when the search must choose
		wantProven bool
	}{
		{"proven win played", "XX1/OO1/3 x", 1000, "c3", true},
		{"draw goes to the search", "X2/1O1/2X o", 1000, "", false},
		{"loss goes to the search", "XX1/XO1/2O o", 1000, "", false},
		{"unknown goes to the search", "3/3/3 x", 2, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tictactoe.Parse(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			search := &firstMove{}
			a := solver.NewAgent(search, solver.Limits{Nodes: tc.budget})
			m, info, err := a.Choose(context.Background(), s, nil)
			if err != nil {
				t.Fatal(err)
			}
			if tc.want != "" && (s.FormatMove(m) != tc.want || search.calls != 0) {
				t.Errorf("got %s (search called %d times), want %s without search", s.FormatMove(m), search.calls, tc.want)
			}
			if tc.want == "" && search.calls != 1 {
				t.Errorf("got search called %d times, want once", search.calls)
			}
			if info.Proven != tc.wantProven {
				t.Errorf("got proven %v, want %v", info.Proven, tc.wantProven)
			}
		})
	}
}
