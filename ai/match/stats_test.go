package match_test

import (
	"math"
	"testing"

	"github.com/plateau-games/plateau/ai/match"
)

// near reports whether got is within tol of want, infinities equal only
// to themselves.
func near(got, want, tol float64) bool {
	if math.IsInf(want, 0) {
		return got == want
	}
	return math.Abs(got-want) <= tol
}

// TestPentanomialEloReference checks the Elo difference, the half-width
// of its 95% interval and the score against the pentanomial test vectors
// of fastchess (github.com/Disservin/fastchess, app/tests/elo_test.cpp,
// "EloPentanomial 1-3", commit 74deac23). fastchess counts pairs as
// Stats(LL, LD, WL, DD, WD, WW); WL and DD are both a pair score of 1
// and are added here. Its half-width is (elo(hi) - elo(lo)) / 2, the same
// as fishtest's stat_util.get_elo. The published values have two
// decimals (three for the score), so the tolerance is half the last
// digit.
func TestPentanomialEloReference(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name             string
		pairs            match.Pentanomial
		diff, half, scor float64
	}{
		{"EloPentanomial 1", match.Pentanomial{34, 54, 31 + 32, 64, 75}, 55.58, 27.65, 0.579},
		{"EloPentanomial 2", match.Pentanomial{332, 433, 457 + 41, 333, 334}, -8.64, 10.33, 0.488},
		{"EloPentanomial 3", match.Pentanomial{7895, 8757, 5485 + 200, 568, 9999}, -21.04, 2.95, 0.470},
	} {
		d, lo, hi := tc.pairs.Elo()
		if !near(d, tc.diff, 0.005) || !near((hi-lo)/2, tc.half, 0.005) || !near(tc.pairs.Score(), tc.scor, 0.0005) {
			t.Errorf("%s %v: got %.4f ± %.4f, score %.4f; want %.2f ± %.2f, score %.3f",
				tc.name, tc.pairs, d, (hi-lo)/2, tc.pairs.Score(), tc.diff, tc.half, tc.scor)
		}
	}
}

// TestPentanomialEloEdges checks that degenerate counts give the stated
// infinite or collapsed intervals, never NaN.
func TestPentanomialEloEdges(t *testing.T) {
	t.Parallel()
	inf := math.Inf(1)
	for _, tc := range []struct {
		name         string
		pairs        match.Pentanomial
		diff, lo, hi float64
	}{
		{"no pairs", match.Pentanomial{}, 0, -inf, inf},
		{"one pair 2/2", match.Pentanomial{0, 0, 0, 0, 1}, inf, -inf, inf},
		{"one pair 1.5/2", match.Pentanomial{0, 0, 0, 1, 0}, 190.849, -inf, inf},
		{"one pair 0/2", match.Pentanomial{1, 0, 0, 0, 0}, -inf, -inf, inf},
		{"all 2/2", match.Pentanomial{0, 0, 0, 0, 50}, inf, inf, inf},
		{"all 0/2", match.Pentanomial{50, 0, 0, 0, 0}, -inf, -inf, -inf},
		{"all 1/2", match.Pentanomial{0, 0, 50, 0, 0}, 0, 0, 0},
		// Per-game scores 0.75 and 1: mean 0.875, variance 0.015625,
		// se = sqrt(0.015625/2) = 0.08839; 0.875 - 1.96 se = 0.70176,
		// whose Elo is 148.651; 0.875 + 1.96 se is above 1.
		{"one 1.5 and one 2", match.Pentanomial{0, 0, 0, 1, 1}, 338.039, 148.651, inf},
	} {
		d, lo, hi := tc.pairs.Elo()
		if !near(d, tc.diff, 0.001) || !near(lo, tc.lo, 0.001) || !near(hi, tc.hi, 0.001) {
			t.Errorf("%s: got %.3f [%.3f, %.3f], want %.3f [%.3f, %.3f]", tc.name, d, lo, hi, tc.diff, tc.lo, tc.hi)
		}
	}
}

// TestPentanomialNarrows checks that the interval shrinks as pairs with
// the same frequencies accumulate, and that a symmetric result is even.
func TestPentanomialNarrows(t *testing.T) {
	t.Parallel()
	small, large := match.Pentanomial{2, 5, 10, 5, 2}, match.Pentanomial{20, 50, 100, 50, 20}
	d1, lo1, hi1 := small.Elo()
	d2, lo2, hi2 := large.Elo()
	if d1 != 0 || d2 != 0 || !near(lo1, -hi1, 1e-9) || !near(lo2, -hi2, 1e-9) {
		t.Errorf("got %v [%v, %v] and %v [%v, %v], want 0 in symmetric intervals", d1, lo1, hi1, d2, lo2, hi2)
	}
	if hi2-lo2 >= hi1-lo1 {
		t.Errorf("got width %.1f over 240 pairs, %.1f over 24, want it narrower", hi2-lo2, hi1-lo1)
	}
}
