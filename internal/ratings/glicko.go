package ratings

import (
	"errors"
	"fmt"
	"math"
	"time"
)

// The Glicko-2 system's constants, as Glickman's "Example of the Glicko-2
// system" (2013) suggests them.
const (
	// Start is the rating of a player who has never played a rated game.
	Start = 1500
	// StartRD is the rating deviation of a new player: the system is
	// sure of nothing yet.
	StartRD = 350
	// StartVolatility is a new player's volatility, σ = 0.06.
	StartVolatility = 0.06
	// Tau constrains how fast the volatility changes. Glickman suggests
	// 0.3 to 1.2; his worked example uses 0.5, and so do we, which keeps
	// our arithmetic checkable against his.
	Tau = 0.5
	// ProvisionalRD is the deviation above which a rating is shown as
	// provisional ("1520?"), as lichess does: the true rating may be more
	// than 220 points away (two deviations) from the shown one.
	ProvisionalRD = 110
	// Period is one rating period for the deviation's growth between
	// games: a player idle for one Period sees φ grow as if a whole
	// rating period passed without games (Glickman's step 6).
	Period = 7 * 24 * time.Hour
	// scale converts between the Glicko scale and Glicko-2's (step 2).
	scale = 173.7178
	// epsilon is the convergence tolerance of the volatility iteration.
	epsilon = 0.000001
)

// ErrBadRating is returned for ratings that are not finite or whose
// deviation or volatility is not positive.
var ErrBadRating = errors.New("ratings: bad rating")

// Rating is a player's Glicko-2 rating on the Glicko scale (1500 for a
// newcomer), with its deviation and volatility.
type Rating struct {
	R   float64 // rating
	RD  float64 // rating deviation: the rating is R ± 2 RD with 95% confidence
	Vol float64 // volatility σ: how erratic the player's results are
}

// New returns the rating of a player who has never played.
func New() Rating { return Rating{R: Start, RD: StartRD, Vol: StartVolatility} }

// Provisional reports whether r is too uncertain to be taken at face
// value: RD above ProvisionalRD.
func (r Rating) Provisional() bool { return r.RD > ProvisionalRD }

// Check returns ErrBadRating for a rating no update could produce.
func (r Rating) Check() error {
	for _, v := range []float64{r.R, r.RD, r.Vol} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%w: %v", ErrBadRating, r)
		}
	}
	if r.RD <= 0 || r.Vol <= 0 {
		return fmt.Errorf("%w: %v", ErrBadRating, r)
	}
	return nil
}

// Result is one game of a rating period against an opponent, from the
// rated player's side: Score is 1 for a win, 0.5 for a draw, 0 for a
// loss.
type Result struct {
	Opponent Rating
	Score    float64
}

// Scores of a result.
const (
	Loss = 0.0
	Draw = 0.5
	Win  = 1.0
)

// Update returns r after a rating period with the given results, with
// volatility constraint tau: Glickman's steps 1-8. A period without
// results only widens the deviation (step 6 alone).
func Update(r Rating, results []Result, tau float64) Rating {
	mu, phi := (r.R-Start)/scale, r.RD/scale
	if len(results) == 0 {
		return Rating{R: r.R, RD: math.Sqrt(phi*phi+r.Vol*r.Vol) * scale, Vol: r.Vol}
	}
	// Steps 3 and 4: the estimated variance v from the game outcomes
	// alone, and the estimated improvement delta.
	var vInv, sum float64
	for _, res := range results {
		muJ, phiJ := (res.Opponent.R-Start)/scale, res.Opponent.RD/scale
		g := gPhi(phiJ)
		e := expected(mu, muJ, g)
		vInv += g * g * e * (1 - e)
		sum += g * (res.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility; steps 6-8: the new deviation and rating.
	vol := volatility(phi, r.Vol, v, delta, tau)
	phiStar := math.Sqrt(phi*phi + vol*vol)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return Rating{R: muNew*scale + Start, RD: phiNew * scale, Vol: vol}
}

// gPhi is Glickman's g(φ): how much an opponent's uncertainty damps what
// a game against them says.
func gPhi(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

// expected is E(μ, μj, φj): the expected score against the opponent.
func expected(mu, muJ, g float64) float64 { return 1 / (1 + math.Exp(-g*(mu-muJ))) }

// volatility is step 5: the Illinois algorithm on f(x), x = ln σ'².
func volatility(phi, sigma, v, delta, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// Idle returns r after the time from last to now without rated games:
// each Period (in fractions too) widens the deviation as a rating period
// without games does, up to StartRD, so that a player back after months
// away moves fast again. Glickman's step 6 applied n = elapsed/Period
// times is φ' = sqrt(φ² + n σ²).
func Idle(r Rating, last, now time.Time) Rating {
	if !now.After(last) {
		return r
	}
	n := float64(now.Sub(last)) / float64(Period)
	phi, sigma := r.RD/scale, r.Vol
	r.RD = min(math.Sqrt(phi*phi+n*sigma*sigma)*scale, StartRD)
	return r
}

// Game rates one game between two players as its own rating period for
// both (as lichess does: a rating changes after every game, not once a
// month). a and b are the players' ratings at their last games, lastA and
// lastB when those were, at the time of this game; score is a's (Win,
// Draw, Loss). Each deviation first grows over the player's idle time.
func Game(a, b Rating, lastA, lastB, at time.Time, score float64) (Rating, Rating) {
	a, b = Idle(a, lastA, at), Idle(b, lastB, at)
	return Update(a, []Result{{Opponent: b, Score: score}}, Tau),
		Update(b, []Result{{Opponent: a, Score: 1 - score}}, Tau)
}
