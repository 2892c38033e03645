package mcts

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
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
	if _, _, err := b.Choose(context.Background(), s, nil); err != nil {
		t.Fatal(err)
	}
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

// TestStaleNodeEnds builds by hand the tree a reused search can hold: a
// visited child marked ongoing whose position has in fact ended (in a
// game whose draws depend on the history). The iteration must see the end
// when it reaches the child, not expand it.
func TestStaleNodeEnds(t *testing.T) {
	t.Parallel()
	s, _ := tictactoe.Parse("XX1/OO1/3 x")
	win, _ := s.ParseMove("c3")
	sr := New(Config{Seed: 1})
	sr.rng = rand.New(rand.NewPCG(1, 1))
	sr.setRoot(s)
	sr.root.moves = []game.Move{win}
	sr.root.children = []node{{move: win, mover: s.ToAct(), toAct: s.ToAct().Other(), visits: 1, reward: 1}}
	sr.iterate(s)
	c := &sr.root.children[0]
	if c.proof != game.Win(s.ToAct()) || c.moves != nil {
		t.Errorf("got proof %v with %d moves, want %v and no expansion", c.proof, len(c.moves), game.Win(s.ToAct()))
	}
	if sr.root.proof != game.Win(s.ToAct()) {
		t.Errorf("got root proof %v, want %v", sr.root.proof, game.Win(s.ToAct()))
	}
}
