package puzzles_test

import (
	"context"
	"testing"

	"github.com/plateau-games/plateau/ai/solver"
	"github.com/plateau-games/plateau/games"
)

// TestProverStops: mining Oxford's save puzzles met a position where the
// prover's root numbers saturated (proof 1, disproof infinite) without
// settling, and its rounds spun forever, past the node budget and the
// context. Its solve now ends, unproved. Without the fix this test
// never returns (the test binary's timeout fails it).
func TestProverStops(t *testing.T) {
	t.Parallel()
	s, err := games.Registry().New("oxford", "o5/3xox/3o2/6/o5/5X/3O1X/4XO y")
	if err != nil {
		t.Fatal(err)
	}
	r := solver.NewProver(18).Solve(context.Background(), s, solver.Limits{Nodes: 187_500})
	if r.Nodes > 10*187_500 {
		t.Errorf("got %d nodes, want the budget's 187500 about", r.Nodes)
	}
}
