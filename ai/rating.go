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
// ladder Level uses for id: its row of the table in ladders.go.
func ladderScores(id game.ID) [MaxLevel - 1]float64 { return measured(id).scores }

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
