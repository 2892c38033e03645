package solver_test

import (
	"context"
	"testing"
	"time"

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

// deadlineSeen is a search that records its context's deadline.
type deadlineSeen struct {
	deadline time.Time
	set      bool
}

func (d *deadlineSeen) Choose(ctx context.Context, s game.State, _ func(ai.Info)) (game.Move, ai.Info, error) {
	d.deadline, d.set = ctx.Deadline()
	m := s.Moves(nil)[0]
	return m, ai.Info{Best: m}, nil
}

// TestAgentTotal checks that a move's whole time bounds the search
// after an unproven solve, so that the solver's time is not added to the
// search's own limit; without Total the search's context is the caller's.
func TestAgentTotal(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		total time.Duration
	}{{"total", time.Hour}, {"no total", 0}} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tictactoe.Parse("3/3/3 x")
			if err != nil {
				t.Fatal(err)
			}
			search := &deadlineSeen{}
			a := solver.NewAgent(search, solver.Limits{Nodes: 2})
			a.Total = tc.total
			before := time.Now()
			if _, _, err := a.Choose(context.Background(), s, nil); err != nil {
				t.Fatal(err)
			}
			after := time.Now()
			if search.set != (tc.total > 0) {
				t.Fatalf("got a deadline %v, want %v", search.set, tc.total > 0)
			}
			if tc.total > 0 && (search.deadline.Before(before.Add(tc.total)) || search.deadline.After(after.Add(tc.total))) {
				t.Errorf("got deadline %v, want the call's start + %v (between %v and %v)", search.deadline, tc.total, before.Add(tc.total), after.Add(tc.total))
			}
		})
	}
}

// TestAgentWithProver: with no alpha-beta budget, the prover alone finds
// the win; a draw still goes to the search.
func TestAgentWithProver(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pos, want string
	}{{"XX1/OO1/3 x", "c3"}, {"X2/1O1/2X o", ""}} {
		s, err := tictactoe.Parse(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		search := &firstMove{}
		a := solver.NewAgent(search, solver.Limits{}).WithProver(solver.Limits{Nodes: 100_000})
		m, info, err := a.Choose(context.Background(), s, nil)
		if err != nil {
			t.Fatal(err)
		}
		if tc.want != "" && (s.FormatMove(m) != tc.want || !info.Proven || search.calls != 0) {
			t.Errorf("%s: got %s (proven %v, search called %d times), want %s proven", tc.pos, s.FormatMove(m), info.Proven, search.calls, tc.want)
		}
		if tc.want == "" && search.calls != 1 {
			t.Errorf("%s: got search called %d times, want once", tc.pos, search.calls)
		}
	}
}
