package ratings

import "time"

// The rules that keep ratings from being farmed with a second account
// (docs/ratings.md, "What is rated"), after lichess's: a game needs
// enough moves to be rated, the rated games between the same two players
// are limited per day, and provisional ratings are kept off the
// leaderboards.
const (
	// MinMovesEach is how many moves each player must have made for a
	// game that ends otherwise than by a move (resignation, time, an
	// agreed draw) to be rated. A game the rules end by a move is rated
	// once both players moved.
	MinMovesEach = 3
	// PairGamesPerDay is how many rated games the same two players may
	// finish in PairWindow: the games after it are not rated.
	PairGamesPerDay = 5
	// PairWindow is the period PairGamesPerDay counts over.
	PairWindow = 24 * time.Hour
)

// Enough reports whether a finished game has enough moves to be rated:
// moves counts each seat's moves; byMove tells a game ended by a move (a
// win or draw by the rules) from one ended by a resignation, the clock
// or an agreement.
func Enough(moves [2]int, byMove bool) bool {
	least := min(moves[0], moves[1])
	if byMove {
		return least >= 1
	}
	return least >= MinMovesEach
}
