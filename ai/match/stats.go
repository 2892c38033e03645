package match

import "math"

// z975 is the 97.5% quantile of the standard normal distribution, for
// two-sided 95% intervals (fishtest's Phi_inv(0.975)).
const z975 = 1.959963984540054

// Pentanomial counts pairs of games by A's score over the pair, in
// fishtest's order: 0 (LL), 0.5 (LD), 1 (DD or WL), 1.5 (WD), 2 (WW).
//
// The two games of a pair share an opening with colours swapped, so
// their results are not independent: an opening that favours one colour
// tends to give one win each. Treating the games as independent
// (the trinomial model) misjudges the variance; the pair scores are
// independent, so the statistics here are computed over pairs.
type Pentanomial [5]int

// N is the number of pairs.
func (p Pentanomial) N() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// moments returns the mean and (population) variance of the per-game
// score of a pair, i/4 for outcome i: half the pair score.
func (p Pentanomial) moments() (mean, variance float64) {
	n := float64(p.N())
	if n == 0 {
		return 0.5, 0
	}
	for i, c := range p {
		mean += float64(c) * float64(i) / 4
	}
	mean /= n
	for i, c := range p {
		d := float64(i)/4 - mean
		variance += float64(c) * d * d
	}
	return mean, variance / n
}

// Score is A's mean score per game, a draw counting half; 0.5 when no
// pair has finished.
func (p Pentanomial) Score() float64 {
	mean, _ := p.moments()
	return mean
}

// Elo returns A's Elo difference and its 95% interval: the normal
// approximation on the mean per-game score, whose standard error is the
// standard deviation of the half pair scores over the square root of the
// number of pairs (fishtest's stat_util.get_elo, without its
// regularisation of empty outcomes, so that a one-sided result stays
// infinite rather than being clipped at ±1200).
//
// With no pair, or a single one, the variance cannot be estimated and
// the interval is (-Inf, +Inf). When every pair scored the same the
// variance is zero and the interval shrinks to the estimate. A score of
// 0 or 1 gives an infinite difference.
func (p Pentanomial) Elo() (diff, lo, hi float64) {
	mean, variance := p.moments()
	diff = elo(mean)
	if p.N() < 2 {
		return diff, math.Inf(-1), math.Inf(1)
	}
	se := math.Sqrt(variance / float64(p.N()))
	return diff, elo(mean - z975*se), elo(mean + z975*se)
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

// Summary counts results from the view of agent A. Only pairs whose two
// games both finished are counted, so Games is always twice Pairs.N.
type Summary struct {
	Wins, Draws, Losses int
	Pairs               Pentanomial
	Plies               int    // total plies of the counted games
	Decision            string // the SPRT's decision, "H0" or "H1", or ""
}

// Games returns the number of counted games.
func (s Summary) Games() int { return s.Wins + s.Draws + s.Losses }

// Score is A's mean score, a draw counting half; 0.5 before any game.
func (s Summary) Score() float64 {
	if s.Games() == 0 {
		return 0.5
	}
	return (float64(s.Wins) + float64(s.Draws)/2) / float64(s.Games())
}

// AvgLength is the mean number of plies per game.
func (s Summary) AvgLength() float64 {
	if s.Games() == 0 {
		return 0
	}
	return float64(s.Plies) / float64(s.Games())
}

// Elo returns A's Elo difference and its 95% interval from the pairs
// (see Pentanomial.Elo).
func (s Summary) Elo() (diff, lo, hi float64) { return s.Pairs.Elo() }

// addPair counts a finished pair from A's scores in its two games.
func (s *Summary) addPair(a, b result) {
	for _, r := range []result{a, b} {
		switch r.score {
		case 1:
			s.Wins++
		case 0:
			s.Losses++
		default:
			s.Draws++
		}
		s.Plies += r.plies
	}
	s.Pairs[int(2*(a.score+b.score))]++
}
