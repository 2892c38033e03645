package mcts

import (
	"context"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

func TestTreeReuse(t *testing.T) {
	t.Parallel()
	s, _ := tictactoe.Parse("3/3/3 x")
	a := New(Config{Limits: ai.Limits{Nodes: 3000}, Seed: 1})
	m, _, _ := a.Choose(context.Background(), s, nil)
	s.Play(m)
	reply := s.Moves(nil)[0]
	s.Play(reply)
	want := find(a.root, s.Hash(), s.ToAct(), reuseDepth)
	if want == nil || want.visits == 0 {
		t.Fatal("the position two plies on is not in the tree")
	}
	visits := want.visits
	a.setRoot(s)
	if a.root.visits != visits {
		t.Errorf("got a root with %v visits, want the reused subtree's %v", a.root.visits, visits)
	}
	b := New(Config{Limits: ai.Limits{Nodes: 3000}, NoReuse: true})
	b.Choose(context.Background(), s, nil)
	s.Play(s.Moves(nil)[0])
	b.setRoot(s)
	if b.root.visits != 1 {
		t.Errorf("NoReuse: got a root with %v visits, want a fresh one", b.root.visits)
	}
}

func TestTreeStopsGrowingAtMaxNodes(t *testing.T) {
	t.Parallel()
	s, _ := tictactoe.Parse("3/3/3 x")
	a := New(Config{Limits: ai.Limits{Nodes: 5000}, MaxNodes: 100, NoReuse: true})
	if _, _, err := a.Choose(context.Background(), s, nil); err != nil {
		t.Fatal(err)
	}
	// Expanded nodes without children may still add one each.
	if got := size(a.root); got > 110 {
		t.Errorf("got %d nodes, want about MaxNodes (100)", got)
	}
}
