package ratings

import (
	"errors"
	"math"
	"testing"
	"time"
)

// TestGlickmanExample checks Update against the worked example of
// Glickman's "Example of the Glicko-2 system": the paper rounds its
// intermediate values to four decimals (μ' = -0.2069), so the results
// agree to the paper's last digit within one unit of rounding.
func TestGlickmanExample(t *testing.T) {
	t.Parallel()
	me := Rating{R: 1500, RD: 200, Vol: 0.06}
	opp := []Result{
		{Opponent: Rating{R: 1400, RD: 30, Vol: 0.06}, Score: Win},
		{Opponent: Rating{R: 1550, RD: 100, Vol: 0.06}, Score: Loss},
		{Opponent: Rating{R: 1700, RD: 300, Vol: 0.06}, Score: Loss},
	}
	got := Update(me, opp, 0.5)
	for _, tc := range []struct {
		name      string
		got, want float64
		tol       float64
	}{
		{"rating", got.R, 1464.06, 0.01},
		{"deviation", got.RD, 151.52, 0.005},
		{"volatility", got.Vol, 0.05999, 0.00001},
		{"mu'", (got.R - Start) / scale, -0.2069, 0.00005},
		{"phi'", got.RD / scale, 0.8722, 0.00005},
	} {
		if math.Abs(tc.got-tc.want) > tc.tol {
			t.Errorf("%s: got %.6f, want %v ± %v", tc.name, tc.got, tc.want, tc.tol)
		}
	}
}

// TestExampleSteps checks the paper's intermediate quantities: g(φj),
// E(μ, μj, φj), v and Δ. The paper computes each from the previous one
// rounded (v from g and E to three or four decimals), hence tolerances of
// a unit or so of its last digit.
func TestExampleSteps(t *testing.T) {
	t.Parallel()
	phis := []float64{30 / scale, 100 / scale, 300 / scale}
	mus := []float64{-100 / scale, 50 / scale, 200 / scale}
	wantG := []float64{0.9955, 0.9531, 0.7242}
	wantE := []float64{0.639, 0.432, 0.303}
	scores := []float64{1, 0, 0}
	var vInv, sum float64
	for i := range phis {
		g := gPhi(phis[i])
		e := expected(0, mus[i], g)
		if math.Abs(g-wantG[i]) > 0.0001 || math.Abs(e-wantE[i]) > 0.0005 {
			t.Errorf("opponent %d: got g %.4f E %.3f, want %v %v", i+1, g, e, wantG[i], wantE[i])
		}
		vInv += g * g * e * (1 - e)
		sum += g * (scores[i] - e)
	}
	v := 1 / vInv
	if delta := v * sum; math.Abs(v-1.7785) > 0.001 || math.Abs(delta+0.4834) > 0.001 {
		t.Errorf("got v %.4f delta %.4f, want 1.7785 -0.4834", v, delta)
	}
	if got := volatility(200/scale, 0.06, v, v*sum, 0.5); math.Abs(got-0.05999) > 0.00001 {
		t.Errorf("got sigma' %.6f, want 0.05999", got)
	}
}

func TestNoGamesWidens(t *testing.T) {
	t.Parallel()
	// Step 6 alone: φ' = sqrt(0.2² + 0.06²) on the Glicko-2 scale.
	r := Update(Rating{R: 1600, RD: 0.2 * scale, Vol: 0.06}, nil, Tau)
	want := math.Sqrt(0.04+0.0036) * scale
	if r.R != 1600 || math.Abs(r.RD-want) > 1e-9 || r.Vol != 0.06 {
		t.Errorf("got %+v, want R 1600 RD %.4f Vol 0.06", r, want)
	}
}

func TestIdle(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	r := Rating{R: 1700, RD: 50, Vol: 0.06}
	for _, tc := range []struct {
		name string
		now  time.Time
		want float64
	}{
		{"no time", t0, 50},
		{"earlier", t0.Add(-time.Hour), 50},
		{"one period", t0.Add(Period), Update(r, nil, Tau).RD},
		{"ten periods", t0.Add(10 * Period), math.Sqrt(50*50 + 10*0.06*0.06*scale*scale)},
		{"years", t0.Add(100 * 52 * Period), StartRD},
	} {
		if got := Idle(r, t0, tc.now); math.Abs(got.RD-tc.want) > 1e-9 || got.R != 1700 {
			t.Errorf("%s: got %+v, want RD %.4f", tc.name, got, tc.want)
		}
	}
}

func TestGame(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name     string
		score    float64
		aUp, bUp bool
	}{
		{"a wins", Win, true, false},
		{"b wins", Loss, false, true},
	} {
		a, b := Game(New(), New(), time.Time{}, time.Time{}, at, tc.score)
		if (a.R > Start) != tc.aUp || (b.R > Start) != tc.bUp {
			t.Errorf("%s: got a %.1f b %.1f", tc.name, a.R, b.R)
		}
		if math.Abs((a.R-Start)+(b.R-Start)) > 1e-9 {
			t.Errorf("%s: equal players should move by opposite amounts: got %.3f, %.3f", tc.name, a.R, b.R)
		}
		if !a.Provisional() {
			t.Errorf("%s: got RD %.1f after one game, want provisional", tc.name, a.RD)
		}
	}
	a, b := Game(New(), New(), time.Time{}, time.Time{}, at, Draw)
	if math.Abs(a.R-Start) > 1e-9 || math.Abs(b.R-Start) > 1e-9 {
		t.Errorf("draw between equals: got %.3f, %.3f, want 1500", a.R, b.R)
	}
}

func TestProvisionalAfterGames(t *testing.T) {
	t.Parallel()
	// Two players who keep drawing become sure of each other: RD falls
	// under the threshold after a number of games.
	a, b := New(), New()
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	n := 0
	for ; a.Provisional() && n < 100; n++ {
		a, b = Game(a, b, at, at, at, Draw)
	}
	if n < 5 || n > 40 {
		t.Errorf("got %d games to leave provisional, want 5-40", n)
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		r    Rating
		want bool
	}{
		{New(), true},
		{Rating{R: math.NaN(), RD: 50, Vol: 0.06}, false},
		{Rating{R: 1500, RD: 0, Vol: 0.06}, false},
		{Rating{R: 1500, RD: 50, Vol: math.Inf(1)}, false},
	} {
		err := tc.r.Check()
		if (err == nil) != tc.want || (err != nil && !errors.Is(err, ErrBadRating)) {
			t.Errorf("Check(%+v) = %v, want ok %v", tc.r, err, tc.want)
		}
	}
}
