package ai

import (
	"fmt"
	"math"

	"github.com/plateau-games/plateau/game"
)

// AnchorRating is the rating given to DefaultLevel in every game: the
// rating a new player starts with in Glicko-2 (internal/ratings), so that
// a newcomer and the level every front end offers first stand level. The
// other levels are placed from it by the measured ladder
// (docs/ratings.md says why this anchor and not another).
const AnchorRating = 1500

// perfectScore stands for a step whose higher level won every game
// (Abraxas push=free, 8 against 7): 100% is an infinite Elo difference,
// so it counts as half a game short of perfect over 100 games.
const perfectScore = 0.995

// ladderScores returns, for each level from 2 up, the score it made
// against the level below in 100 or 200 games (docs/strength.md), for the
// ladder Level uses for id. Games are named here, as in ladder.
func ladderScores(id game.ID) [MaxLevel - 1]float64 {
	if id.Name == "oxford" && id.Options.Get("variant", "") == "beginner" {
		return [...]float64{0.70, 0.74, 0.75, 0.775, 0.69, 0.775, 0.565}
	}
	switch id.Name {
	case "oxford":
		return [...]float64{0.83, 0.92, 0.87, 0.86, 0.775, 0.70, 0.96}
	case "oshi":
		return [...]float64{0.84, 0.95, 0.87, 0.915, 0.67, 0.73, 0.97}
	case "yoxii":
		return [...]float64{0.715, 0.77, 0.745, 0.665, 0.75, 0.665, 0.915}
	case "abraxas":
		return abraxasScores(id.Options)
	}
	// A game without a measured ladder: the 65% every step was tuned to
	// pass, a guess that front ends show as such ("about").
	var s [MaxLevel - 1]float64
	for i := range s {
		s[i] = 0.65
	}
	return s
}

// abraxasScores is ladderScores for Abraxas: one ladder per board, and
// push=free's on any board (its ladder is push=free's, see abraxasNoise).
func abraxasScores(opts game.Options) [MaxLevel - 1]float64 {
	if opts.Get("push", "") == "free" {
		return [...]float64{0.69, 0.74, 0.71, 0.72, 0.97, 0.68, perfectScore}
	}
	switch opts.Get("board", "1") {
	case "2":
		return [...]float64{0.72, 0.73, 0.80, 0.78, 0.75, 0.71, 0.99}
	case "3":
		return [...]float64{0.75, 0.77, 0.70, 0.80, 0.70, 0.77, 0.96}
	case "4":
		return [...]float64{0.73, 0.78, 0.71, 0.72, 0.74, 0.70, 0.92}
	case "5":
		return [...]float64{0.68, 0.67, 0.82, 0.68, 0.69, 0.77, 0.96}
	case "6":
		return [...]float64{0.71, 0.67, 0.66, 0.73, 0.83, 0.78, 0.90}
	}
	return [...]float64{0.72, 0.70, 0.75, 0.76, 0.72, 0.90, 0.82}
}

// eloOf is the logistic Elo difference of a score: 400 log10(s/(1-s)).
func eloOf(score float64) float64 { return 400 * math.Log10(score/(1-score)) }

// LevelRatings returns the rating of every level of a game id (options
// included), index 0 for level 1, on the scale of human players' ratings:
// DefaultLevel is AnchorRating, and each step up adds the Elo difference
// measured between the two levels (docs/strength.md). Ratings are whole
// numbers: the measurements are not finer than that.
func LevelRatings(gameID string) ([MaxLevel]float64, error) {
	id, err := game.ParseID(gameID)
	if err != nil {
		return [MaxLevel]float64{}, fmt.Errorf("ai: level ratings: %w", err)
	}
	scores := ladderScores(id)
	var r [MaxLevel]float64
	r[DefaultLevel-1] = AnchorRating
	for i := DefaultLevel; i < MaxLevel; i++ {
		r[i] = r[i-1] + eloOf(scores[i-1])
	}
	for i := DefaultLevel - 2; i >= 0; i-- {
		r[i] = r[i+1] - eloOf(scores[i])
	}
	for i := range r {
		r[i] = math.Round(r[i])
	}
	return r, nil
}

// NearestLevel returns the level of a game id whose rating is nearest r
// (the lower one on a tie): the AI opponent to offer a player of rating r.
func NearestLevel(gameID string, r float64) (int, error) {
	levels, err := LevelRatings(gameID)
	if err != nil {
		return 0, err
	}
	best := MinLevel
	for l := MinLevel + 1; l <= MaxLevel; l++ {
		if math.Abs(levels[l-1]-r) < math.Abs(levels[best-1]-r) {
			best = l
		}
	}
	return best, nil
}
