package server

import (
	"net/http"

	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/ratings"
	"github.com/plateau-games/plateau/internal/store"
)

// provisionalRD is the deviation above which a puzzle rating is shown
// with a question mark, as a player's game rating is.
const provisionalRD = ratings.ProvisionalRD

// puzzleRD is a puzzle's deviation before anyone has tried it: its
// guessed rating is a guess, but puzzles are many attempts' work, so it
// starts surer than a new player (350).
const puzzleRD = 250

// player returns the id of the requesting player, whom the players
// middleware knows by a session cookie; a program without one has no
// puzzle rating.
func (p *puzzleRoutes) player(r *http.Request) (string, bool) {
	pl, ok := players.FromContext(r.Context())
	return pl.ID, ok && pl.ID != ""
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
