package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MaxSPRTElo bounds |elo0| and |elo1|: beyond it the expected score is
// within 1e-5 of 0 or 1 and a test between two such hypotheses means
// nothing.
const MaxSPRTElo = 2000

// SPRT is a sequential probability ratio test on the pairs of a match,
// as fishtest runs it with its "logistic" Elo model.
//
// H0 is that A's true Elo difference over B is Elo0, H1 that it is Elo1,
// both in logistic Elo, the unit of Summary.Elo: an expected score of
// 1/(1+10^(-elo/400)) per game. Alpha is the probability of accepting
// H1 when H0 holds, Beta that of accepting H0 when H1 holds; a true
// difference below Elo0 is accepted as H1 less often still, one above
// Elo1 accepted as H0 less often still.
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
	case t.Elo0 < -MaxSPRTElo || t.Elo1 > MaxSPRTElo:
		return SPRT{}, fmt.Errorf("match: bad SPRT %q: want elo0 and elo1 between %d and %d", text, -MaxSPRTElo, MaxSPRTElo)
	case !(t.Alpha > 0 && t.Alpha < 0.5 && t.Beta > 0 && t.Beta < 0.5):
		return SPRT{}, fmt.Errorf("match: bad SPRT %q: want alpha and beta between 0 and 0.5", text)
	}
	return t, nil
}

// Bounds returns the LLR below which H0 is accepted and above which H1
// is (Wald's bounds, without fishtest's dynamic overshoot correction).
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// Decide returns "H0", "H1" or "" while the test goes on.
func (t SPRT) Decide(p Pentanomial) string {
	llr := t.LLR(p)
	lo, hi := t.Bounds()
	switch {
	case llr <= lo:
		return "H0"
	case llr >= hi:
		return "H1"
	}
	return ""
}

// LLR is the generalised log-likelihood ratio of H1 over H0 for the
// pairs so far: the log of the likelihood of the counts under the most
// likely pentanomial distribution whose per-game mean is the expected
// score of Elo1, over the same for Elo0 (fishtest's
// LLRcalc.LLR_logistic, in server/fishtest/stats/LLRcalc.py; the
// maximum-likelihood distributions are Proposition 1.1 of M. Van den
// Bergh's www.cantate.be/Fishtest/support_MLE_multinomial.pdf). As in
// fishtest, an outcome never seen counts 0.001 pairs, so that a
// one-sided start or no pair at all gives a finite ratio.
func (t SPRT) LLR(p Pentanomial) float64 {
	var freq [5]float64
	n := 0.0
	for i, c := range p {
		freq[i] = float64(c)
		if c == 0 {
			freq[i] = 1e-3
		}
		n += freq[i]
	}
	for i := range freq {
		freq[i] /= n
	}
	p0, p1 := mle(freq, clampScore(expected(t.Elo0))), mle(freq, clampScore(expected(t.Elo1)))
	llr := 0.0
	for i, f := range freq {
		llr += f * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return n * llr
}

// clampScore keeps an expected score strictly inside (0, 1), where the
// maximum-likelihood distribution exists, for SPRT values built without
// ParseSPRT.
func clampScore(s float64) float64 { return min(max(s, 1e-9), 1-1e-9) }

// mle returns the distribution over the per-game pair scores 0, 1/4,
// 1/2, 3/4, 1 with mean s that is most likely to have produced the
// frequencies freq (all positive): freq[i] / (1 + θ(a_i - s)), θ the
// root of Σ freq[i](a_i - s)/(1 + θ(a_i - s)) = 0, which decreases in θ
// from +Inf to -Inf between -1/(1-s) and 1/s, so bisection finds it.
func mle(freq [5]float64, s float64) [5]float64 {
	f := func(theta float64) float64 {
		sum := 0.0
		for i, q := range freq {
			a := float64(i)/4 - s
			sum += q * a / (1 + theta*a)
		}
		return sum
	}
	lo, hi := -1/(1-s), 1/s
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	theta := lo + (hi-lo)/2
	var out [5]float64
	for i, q := range freq {
		out[i] = q / (1 + theta*(float64(i)/4-s))
	}
	return out
}
