package tune_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/ai/tune"
)

// synthetic draws n samples from a known logistic model with weights w
// and scale k: features of very different ranges, as an evaluation's
// are (a count, a mobility, a rare flag, a signed difference).
func synthetic(n int, w []float64, k float64, seed uint64) []tune.Sample {
	rng := rand.New(rand.NewPCG(seed, 1))
	out := make([]tune.Sample, n)
	for i := range out {
		f := []float64{
			float64(rng.IntN(7) - 3),
			rng.NormFloat64() * 12,
			0,
			float64(rng.IntN(5) - 2),
		}
		if rng.IntN(20) == 0 {
			f[2] = float64(2*rng.IntN(2) - 1)
		}
		p := 1 / (1 + math.Exp(-dot(w, f)/k))
		y := 0.0
		if rng.Float64() < p {
			y = 1
		}
		out[i] = tune.Sample{Features: f, Result: y}
	}
	return out
}

func dot(w, f []float64) float64 {
	v := 0.0
	for i := range f {
		v += w[i] * f[i]
	}
	return v
}

var trueW = []float64{100, 4, 800, -60}

const trueK = 150.0

func TestFitRecoversWeights(t *testing.T) {
	t.Parallel()
	samples := synthetic(60000, trueW, trueK, 7)
	start := []float64{50, 10, 300, 0}
	w, err := tune.Fit(samples, start, trueK, tune.FitConfig{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("got weights %.2f", w)
	// Tolerances of about four standard errors of each weight's estimate.
	for i, tol := range []float64{6, 0.5, 120, 8} {
		if math.Abs(w[i]-trueW[i]) > tol {
			t.Errorf("weight %d: got %.2f, want %.2f ± %.2f", i, w[i], trueW[i], tol)
		}
	}
	if got, before := tune.Loss(samples, w, trueK), tune.Loss(samples, start, trueK); !(got < before) {
		t.Errorf("got loss %.5f after, want below %.5f before", got, before)
	}
}

func TestFitScaleRecoversK(t *testing.T) {
	t.Parallel()
	samples := synthetic(60000, trueW, trueK, 8)
	if k := tune.FitScale(samples, trueW); math.Abs(k-trueK) > 0.1*trueK {
		t.Errorf("got K %.1f, want %.1f ± 10%%", k, trueK)
	}
	// Weights twice as large need twice the scale.
	double := []float64{200, 8, 1600, -120}
	if k := tune.FitScale(samples, double); math.Abs(k-2*trueK) > 0.2*trueK {
		t.Errorf("doubled weights: got K %.1f, want %.1f ± 10%%", k, 2*trueK)
	}
}

func TestTune(t *testing.T) {
	t.Parallel()
	samples := synthetic(30000, trueW, trueK, 9)
	start := []float64{100, 0, 100, 30}
	r, err := tune.Tune(samples, start, 0.2, 5, tune.FitConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Train != 24000 || r.HeldOut != 6000 {
		t.Errorf("got %d train and %d held-out samples, want 24000 and 6000", r.Train, r.HeldOut)
	}
	if !(r.HeldOutAfter < r.HeldOutBefore) || !(r.TrainAfter < r.TrainBefore) {
		t.Errorf("got losses train %.4f → %.4f, held out %.4f → %.4f, want both lower after",
			r.TrainBefore, r.TrainAfter, r.HeldOutBefore, r.HeldOutAfter)
	}
	t.Logf("K %.1f, weights %.2f", r.K, r.After)
	// The weights are fitted at the scale K of the starting weights, so
	// they recover the true ones multiplied by K/trueK.
	for i, want := range trueW {
		if got := r.After[i] * trueK / r.K; math.Abs(got-want) > 0.15*math.Abs(want)+1 {
			t.Errorf("weight %d: got %.2f at the true scale, want %.2f ± 15%%", i, got, want)
		}
	}
	again, err := tune.Tune(samples, start, 0.2, 5, tune.FitConfig{})
	if err != nil || again.After[0] != r.After[0] || again.K != r.K {
		t.Errorf("second run: got K %v weights %v, %v; want the first run's K %v weights %v", again.K, again.After, err, r.K, r.After)
	}
	if _, err := tune.Tune(samples, []float64{1, 2}, 0.2, 5, tune.FitConfig{}); err == nil {
		t.Error("two weights for four features: got no error")
	}
}

func TestSplit(t *testing.T) {
	t.Parallel()
	samples := make([]tune.Sample, 1000)
	for i := range samples {
		samples[i].Result = float64(i)
	}
	train, test := tune.Split(samples, 0.2, 3)
	if len(train) != 800 || len(test) != 200 {
		t.Fatalf("got %d and %d, want 800 and 200", len(train), len(test))
	}
	seen := map[float64]bool{}
	for _, s := range append(train, test...) {
		seen[s.Result] = true
	}
	if len(seen) != 1000 {
		t.Errorf("got %d distinct samples, want each of the 1000 once", len(seen))
	}
	if _, other := tune.Split(samples, 0.2, 4); other[0].Result == test[0].Result && other[1].Result == test[1].Result {
		t.Error("another seed gave the same held-out samples")
	}
}
