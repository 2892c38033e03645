package match_test

import (
	"math"
	"testing"

	"github.com/plateau-games/plateau/ai/match"
)

// TestLLRReference checks the LLR against values published by fishtest
// for pentanomial tests run with its logistic Elo model (bounds written
// {elo0,elo1}), as quoted in the commit messages of Stockfish
// (github.com/official-stockfish/Stockfish; the commit and the fishtest
// run are named on each row), and against fastchess's test vectors
// (github.com/Disservin/fastchess, app/tests/sprt_test.cpp, "logistic
// pentanomial 1-2", commit 74deac23, whose Stats(LL, LD, WL, DD, WD, WW)
// has WL and DD added here). Both compute fishtest's
// LLRcalc.LLR_logistic (server/fishtest/stats/LLRcalc.py). The values
// are published with two decimals, so the tolerance is half the last
// digit.
func TestLLRReference(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		source     string
		pairs      match.Pentanomial
		elo0, elo1 float64
		llr        float64
	}{
		{"Stockfish 56d5504f, run 5e0e30d062fb773bb7047e95", match.Pentanomial{353, 5397, 14751, 5545, 423}, 0, 2, 2.94},
		{"Stockfish f63d112c, run 5e1ec38c8fd5f550e4ae1c28", match.Pentanomial{863, 6282, 12251, 6283, 892}, -1, 3, -2.93},
		{"Stockfish 0ae00454, run 5e2aa15dab2d69d58394f94d", match.Pentanomial{387, 2935, 5947, 3051, 422}, -1, 3, 3.58},
		{"Stockfish dd1adce7, run 5ec23b3be9d85f94dc429a58", match.Pentanomial{2567, 13420, 24118, 13319, 2564}, -2, 0, 2.94},
		{"Stockfish 2deb08a5, run 5f3c46a0a95672ddd56c632a", match.Pentanomial{17, 669, 6429, 785, 16}, 0.25, 1.75, 2.95},
		{"Stockfish e64b9572, run 5f3d7d4fa95672ddd56c640b", match.Pentanomial{207, 3259, 13460, 3407, 215}, -0.5, 1.5, 2.97},
		{"Stockfish e64b9572, run 5f3e31e0a95672ddd56c6464", match.Pentanomial{22, 1152, 10654, 1169, 19}, -1.5, 0.5, 2.92},
		{"Stockfish 7d0a16e0, run 6002a4836019e097de3ef8e3", match.Pentanomial{25, 1383, 19438, 1408, 26}, 0.25, 1.25, -2.96},
		{"Stockfish 50890616, run 605128702433018de7a38ca1", match.Pentanomial{13, 1176, 17184, 1178, 21}, 0.25, 1.25, -3.00},
		{"Stockfish 50890616, run 60428c84ddcba5f0627bb6e4", match.Pentanomial{61, 1226, 6644, 1387, 50}, -0.25, 1.25, 2.96},
		{"Stockfish 6ad4f485, run 60749ea881417533789605a4", match.Pentanomial{2, 245, 4962, 291, 4}, -0.7, 0.2, 2.95},
		{"Stockfish 6ad4f485, run 6073ffbc814175337896057f", match.Pentanomial{23, 1079, 15473, 1255, 14}, 0.2, 0.9, 2.94},
		{"fastchess logistic pentanomial 1", match.Pentanomial{223, 9863, 20279 + 1000, 10037, 246}, 0.5, 2.5, -3.07},
		{"fastchess logistic pentanomial 2", match.Pentanomial{871, 26175, 55003 + 980, 26678, 821}, 0, 2, -4.98},
	} {
		sp := match.SPRT{Elo0: tc.elo0, Elo1: tc.elo1, Alpha: 0.05, Beta: 0.05}
		if got := sp.LLR(tc.pairs); !near(got, tc.llr, 0.005) {
			t.Errorf("%s: %v {%g,%g}: got LLR %.4f, want %.2f", tc.source, tc.pairs, tc.elo0, tc.elo1, got, tc.llr)
		}
	}
}

// TestBoundsReference checks Wald's bounds for alpha = beta = 0.05,
// written (-2.94,2.94) in every fishtest result quoted above.
func TestBoundsReference(t *testing.T) {
	t.Parallel()
	lo, hi := match.SPRT{Elo0: 0, Elo1: 2, Alpha: 0.05, Beta: 0.05}.Bounds()
	if !near(lo, -2.94, 0.005) || !near(hi, 2.94, 0.005) {
		t.Errorf("got bounds %.4f, %.4f, want -2.94, 2.94", lo, hi)
	}
}

// TestLLREdges checks that degenerate counts give finite ratios and the
// decisions they should.
func TestLLREdges(t *testing.T) {
	t.Parallel()
	sp := match.SPRT{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}
	for _, tc := range []struct {
		name     string
		pairs    match.Pentanomial
		decision string
	}{
		{"no pairs", match.Pentanomial{}, ""},
		{"one pair 2/2", match.Pentanomial{0, 0, 0, 0, 1}, ""},
		{"one pair 0/2", match.Pentanomial{1, 0, 0, 0, 0}, ""},
		{"20 pairs 2/2", match.Pentanomial{0, 0, 0, 0, 20}, "H1"},
		{"20 pairs 0/2", match.Pentanomial{20, 0, 0, 0, 0}, "H0"},
		{"20 pairs 1/2", match.Pentanomial{0, 0, 20, 0, 0}, "H0"},
	} {
		llr := sp.LLR(tc.pairs)
		if math.IsNaN(llr) || math.IsInf(llr, 0) {
			t.Errorf("%s: got LLR %v, want a finite number", tc.name, llr)
		}
		if got := sp.Decide(tc.pairs); got != tc.decision {
			t.Errorf("%s: got decision %q (LLR %.3f), want %q", tc.name, got, llr, tc.decision)
		}
	}
	if llr := sp.LLR(match.Pentanomial{}); math.Abs(llr) > 0.01 {
		t.Errorf("no pairs: got LLR %v, want about 0", llr)
	}
	// SPRT values built by hand may lie beyond ParseSPRT's range.
	wild := match.SPRT{Elo0: -1e308, Elo1: 1e308, Alpha: 0.05, Beta: 0.05}
	if llr := wild.LLR(match.Pentanomial{3, 1, 4, 1, 5}); math.IsNaN(llr) || math.IsInf(llr, 0) {
		t.Errorf("elo ±1e308: got LLR %v, want a finite number", llr)
	}
}

// TestLLRSymmetry checks two identities of the generalised LLR:
// swapping the hypotheses negates it, and swapping the players (the
// counts reversed, each hypothesis's Elo negated) leaves it unchanged.
func TestLLRSymmetry(t *testing.T) {
	t.Parallel()
	p := match.Pentanomial{7, 30, 41, 25, 9}
	r := match.Pentanomial{p[4], p[3], p[2], p[1], p[0]}
	a := match.SPRT{Elo0: -5, Elo1: 20, Alpha: 0.05, Beta: 0.1}.LLR(p)
	b := match.SPRT{Elo0: 20, Elo1: -5, Alpha: 0.05, Beta: 0.1}.LLR(p)
	c := match.SPRT{Elo0: 5, Elo1: -20, Alpha: 0.05, Beta: 0.1}.LLR(r)
	if !near(a, -b, 1e-9) || !near(a, c, 1e-9) {
		t.Errorf("got LLR %v, swapped hypotheses %v, swapped players %v; want %v, %v, %v", a, b, c, a, -a, a)
	}
}
