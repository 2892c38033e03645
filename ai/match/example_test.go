package match_test

import (
	"context"
	"fmt"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/ai/match"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// Perfect play against itself draws every game of tic-tac-toe: two
// pairs, each scoring 1 out of 2, and no doubt about the Elo difference.
func Example() {
	strong := match.Player{Name: "ab", New: func(seed uint64) (ai.Agent, error) {
		return agent.New(ai.Spec{Algo: ai.AlgoAlphaBeta, Limits: ai.Limits{Depth: 9}}, seed)
	}}
	sum, err := match.Run(context.Background(), match.Config{
		Reg: game.NewRegistry(tictactoe.Game()), GameID: "tictactoe",
		A: strong, B: strong, Games: 4, Concurrency: 1,
	})
	d, lo, hi := sum.Elo()
	fmt.Println(sum.Wins, sum.Draws, sum.Losses, sum.Pairs, d, lo, hi, err)
	// Output: 0 4 0 [0 0 2 0 0] 0 0 0 <nil>
}

// The counts of a match's pairs by A's score, 0 to 2, give the Elo
// difference with its 95% interval and the SPRT's log-likelihood ratio.
// These are fastchess's "EloPentanomial 1" counts.
func ExamplePentanomial() {
	pairs := match.Pentanomial{34, 54, 63, 64, 75}
	d, lo, hi := pairs.Elo()
	sprt, _ := match.ParseSPRT("0,50,0.05,0.05")
	lower, upper := sprt.Bounds()
	fmt.Printf("score %.3f, Elo %+.1f [%+.1f, %+.1f]\n", pairs.Score(), d, lo, hi)
	fmt.Printf("LLR %.2f in (%.2f, %.2f): %q\n", sprt.LLR(pairs), lower, upper, sprt.Decide(pairs))
	// Output:
	// score 0.579, Elo +55.6 [+28.3, +83.6]
	// LLR 7.73 in (-2.94, 2.94): "H1"
}
