package storetest

import (
	"context"
	"slices"
	"testing"

	"github.com/plateau-games/plateau/internal/store"
)

// testPlans keeps a seat's conditional moves: set and read back, moved
// on only from the plan the caller saw (a plan changed meanwhile is
// left alone), deleted when no line is left.
func testPlans(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	mustCreate(t, s, newGame("plan", epoch))
	if _, ok, err := s.Plan(ctx, "plan", 0); ok || err != nil {
		t.Fatalf("no plan yet: got ok %v, %v", ok, err)
	}
	p := store.Plan{Game: "plan", Seat: 0, Player: "ann", Ply: 1, Lines: [][]string{{"b1", "c1", "b3", "c2"}, {"b2", "c3"}}}
	if err := s.SetPlan(ctx, p, epoch); err != nil {
		t.Fatal(err)
	}
	got, ok, err := s.Plan(ctx, "plan", 0)
	if err != nil || !ok || got.Ply != 1 || got.Player != "ann" || len(got.Lines) != 2 || !slices.Equal(got.Lines[0], p.Lines[0]) {
		t.Fatalf("plan read back: got %+v %v %v, want %+v", got, ok, err, p)
	}
	next := store.Plan{Game: "plan", Seat: 0, Player: "ann", Ply: 3, Lines: [][]string{{"b3", "c2"}}}
	stale := p
	stale.Ply = 0
	for _, tc := range []struct {
		name string
		old  store.Plan
		want bool
	}{{"from a plan no longer stored", stale, false}, {"from the plan stored", p, true}, {"twice", p, false}} {
		if done, err := s.AdvancePlan(ctx, tc.old, next, epoch); done != tc.want || err != nil {
			t.Errorf("advance %s: got %v %v, want %v", tc.name, done, err, tc.want)
		}
	}
	if got, _, _ := s.Plan(ctx, "plan", 0); got.Ply != 3 || len(got.Lines) != 1 {
		t.Errorf("after advancing: got %+v, want ply 3 and one line", got)
	}
	if done, err := s.AdvancePlan(ctx, next, store.Plan{Game: "plan", Seat: 0, Ply: 5}, epoch); !done || err != nil {
		t.Errorf("advance to no line: got %v %v, want done", done, err)
	}
	if _, ok, _ := s.Plan(ctx, "plan", 0); ok {
		t.Errorf("a plan without lines is still stored")
	}
	if err := s.SetPlan(ctx, p, epoch); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPlan(ctx, store.Plan{Game: "plan", Seat: 0}, epoch); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := s.Plan(ctx, "plan", 0); ok {
		t.Errorf("a plan set to no line is still stored")
	}
}
