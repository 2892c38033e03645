package puzzles

import (
	"math"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/ratings"
	"github.com/plateau-games/plateau/internal/store"
)

// puzzleRD is a puzzle's deviation before anyone has tried it: its
// guessed rating is a guess, but puzzles are many attempts' work, so it
// starts surer than a new player (350).
const puzzleRD = 250

func shownRating(r store.PuzzleRating) *api.PuzzleRating {
	// Above ratings.ProvisionalRD a puzzle rating is shown with a
	// question mark, as a player's game rating is.
	return &api.PuzzleRating{Rating: math.Round(r.R), RD: math.Round(r.RD), Provisional: r.RD > ratings.ProvisionalRD,
		Attempts: r.Attempts, Solved: r.Solved}
}

func playerStart() store.PuzzleRating {
	n := ratings.New()
	return store.PuzzleRating{R: n.R, RD: n.RD, Vol: n.Vol}
}

func puzzleStart(r float64) store.PuzzleRating {
	return store.PuzzleRating{R: r, RD: puzzleRD, Vol: ratings.StartVolatility}
}

// ratePuzzle rates an attempt as one game between the player and the
// puzzle, each its own rating period (Glicko-2): solving it is a win.
func ratePuzzle(pl, pz store.PuzzleRating, solved bool) (store.PuzzleRating, store.PuzzleRating) {
	a, b := ratings.Rating{R: pl.R, RD: pl.RD, Vol: pl.Vol}, ratings.Rating{R: pz.R, RD: pz.RD, Vol: pz.Vol}
	score := ratings.Loss
	if solved {
		score = ratings.Win
	}
	na := ratings.Update(a, []ratings.Result{{Opponent: b, Score: score}}, ratings.Tau)
	nb := ratings.Update(b, []ratings.Result{{Opponent: a, Score: 1 - score}}, ratings.Tau)
	pl.R, pl.RD, pl.Vol = na.R, na.RD, na.Vol
	pz.R, pz.RD, pz.Vol = nb.R, nb.RD, nb.Vol
	return pl, pz
}
