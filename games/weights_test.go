package games_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/alphabeta"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games"
)

// TestCompiledWeightsSearchAlike checks, for every game whose evaluation
// has features, that alpha-beta given the compiled-in weights searches
// exactly as it does with Evaluate: same move, score and node count.
func TestCompiledWeightsSearchAlike(t *testing.T) {
	t.Parallel()
	reg := games.Registry()
	checked := 0
	for _, g := range reg.Games() {
		start, err := reg.New(g.Name, "")
		if err != nil {
			t.Fatal(err)
		}
		fs, ok := start.(game.Featurer)
		if !ok {
			continue
		}
		checked++
		rng := rand.New(rand.NewPCG(19, 2))
		for i := range 4 {
			s := start.Clone()
			for ply := 0; ply < 6*i && s.Result() == game.Ongoing; ply++ {
				moves := s.Moves(nil)
				s.Play(moves[rng.IntN(len(moves))])
			}
			if s.Result() != game.Ongoing {
				continue
			}
			limits := ai.Limits{Nodes: 3000}
			_, plain, err1 := alphabeta.New(alphabeta.Config{Limits: limits}).Choose(context.Background(), s, nil)
			_, weighted, err2 := alphabeta.New(alphabeta.Config{Limits: limits, Weights: fs.EvalWeights()}).Choose(context.Background(), s, nil)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s %s: %v, %v", g.Name, s, err1, err2)
			}
			if weighted.Best != plain.Best || weighted.Score != plain.Score || weighted.Nodes != plain.Nodes {
				t.Errorf("%s %s: with the weights got %s score %d in %d nodes, want %s score %d in %d nodes", g.Name, s,
					s.FormatMove(weighted.Best), weighted.Score, weighted.Nodes, s.FormatMove(plain.Best), plain.Score, plain.Nodes)
			}
		}
	}
	if checked == 0 {
		t.Error("no game has features: nothing checked")
	}
}
