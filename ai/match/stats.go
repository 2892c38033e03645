package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Summary counts results from the view of agent A.
type Summary struct {
	Wins, Draws, Losses int
	Plies               int    // total plies of the counted games
	Decision            string // the SPRT's decision, "H0" or "H1", or ""
}

// Games returns the number of counted games.
func (s Summary) Games() int { return s.Wins + s.Draws + s.Losses }

// Score is A's mean score, a draw counting half.
func (s Summary) Score() float64 {
	if s.Games() == 0 {
		return 0.5
	}
	return (float64(s.Wins) + float64(s.Draws)/2) / float64(s.Games())
}

// variance is the variance of one game's score.
func (s Summary) variance() float64 {
	n, mu := float64(s.Games()), s.Score()
	if n == 0 {
		return 0
	}
	return (float64(s.Wins)*(1-mu)*(1-mu) + float64(s.Draws)*(0.5-mu)*(0.5-mu) + float64(s.Losses)*mu*mu) / n
}

// AvgLength is the mean number of plies per game.
func (s Summary) AvgLength() float64 {
	if s.Games() == 0 {
		return 0
	}
	return float64(s.Plies) / float64(s.Games())
}

// Elo returns A's Elo difference and its 95% interval (normal
// approximation on the score); infinities mark a one-sided result.
func (s Summary) Elo() (diff, lo, hi float64) {
	mu := s.Score()
	se := math.Sqrt(s.variance() / math.Max(1, float64(s.Games())))
	return elo(mu), elo(mu - 1.96*se), elo(mu + 1.96*se)
}

// elo turns an expected score into an Elo difference.
func elo(score float64) float64 {
	switch {
	case score <= 0:
		return math.Inf(-1)
	case score >= 1:
		return math.Inf(1)
	}
	return 400 * math.Log10(score/(1-score))
}

// expected turns an Elo difference into an expected score.
func expected(diff float64) float64 { return 1 / (1 + math.Pow(10, -diff/400)) }

// SPRT is a sequential probability ratio test of H0: the Elo difference
// is Elo0, against H1: it is Elo1, with error rates Alpha and Beta.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
}

// ParseSPRT reads "elo0,elo1,alpha,beta", e.g. "0,50,0.05,0.05".
func ParseSPRT(text string) (SPRT, error) {
	f := strings.Split(text, ",")
	if len(f) != 4 {
		return SPRT{}, fmt.Errorf("match: bad SPRT %q: want elo0,elo1,alpha,beta", text)
	}
	var v [4]float64
	for i, x := range f {
		n, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil || math.IsNaN(n) || math.IsInf(n, 0) {
			return SPRT{}, fmt.Errorf("match: bad SPRT %q: %q is not a number", text, x)
		}
		v[i] = n
	}
	t := SPRT{v[0], v[1], v[2], v[3]}
	switch {
	case t.Elo0 >= t.Elo1:
		return SPRT{}, fmt.Errorf("match: bad SPRT %q: want elo0 < elo1", text)
	case !(t.Alpha > 0 && t.Alpha < 0.5 && t.Beta > 0 && t.Beta < 0.5):
		return SPRT{}, fmt.Errorf("match: bad SPRT %q: want alpha and beta between 0 and 0.5", text)
	}
	return t, nil
}

// LLR is the generalised log-likelihood ratio of H1 over H0 for the
// trinomial results so far (the normal approximation used by chess
// testing frameworks). Half a game of each outcome is added so that a
// one-sided start does not divide by a zero variance.
func (t SPRT) LLR(s Summary) float64 {
	r := Summary{Wins: 2*s.Wins + 1, Draws: 2*s.Draws + 1, Losses: 2*s.Losses + 1}
	n := float64(s.Games()) + 1.5
	v := r.variance()
	s0, s1 := expected(t.Elo0), expected(t.Elo1)
	return n * (s1 - s0) * (2*r.Score() - s0 - s1) / (2 * v)
}

// Bounds returns the LLR below which H0 is accepted and above which H1 is.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// Decide returns "H0", "H1" or "" while the test goes on.
func (t SPRT) Decide(s Summary) string {
	llr := t.LLR(s)
	lo, hi := t.Bounds()
	switch {
	case llr <= lo:
		return "H0"
	case llr >= hi:
		return "H1"
	}
	return ""
}
