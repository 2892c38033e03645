package ratings_test

import (
	"fmt"

	"github.com/plateau-games/plateau/internal/ratings"
)

// Glickman's worked example: a 1500 player (deviation 200) beats a 1400
// player and loses to a 1550 and a 1700 one in one rating period.
func Example() {
	me := ratings.Rating{R: 1500, RD: 200, Vol: 0.06}
	got := ratings.Update(me, []ratings.Result{
		{Opponent: ratings.Rating{R: 1400, RD: 30, Vol: 0.06}, Score: ratings.Win},
		{Opponent: ratings.Rating{R: 1550, RD: 100, Vol: 0.06}, Score: ratings.Loss},
		{Opponent: ratings.Rating{R: 1700, RD: 300, Vol: 0.06}, Score: ratings.Loss},
	}, ratings.Tau)
	fmt.Printf("%.0f %.0f %.3f provisional=%v\n", got.R, got.RD, got.Vol, got.Provisional())
	// Output: 1464 152 0.060 provisional=true
}
