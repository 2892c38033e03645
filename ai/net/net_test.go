package net_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/net"
)

// xor is the classic function no linear model fits: the result is 1
// when exactly one of the two inputs is set. Noise on the inputs keeps
// the samples distinct.
func xor(n int, seed uint64) ([][]float64, []float64) {
	rng := rand.New(rand.NewPCG(seed, 2))
	xs, ys := make([][]float64, n), make([]float64, n)
	for i := range xs {
		a, b := rng.IntN(2), rng.IntN(2)
		xs[i] = []float64{float64(a) + rng.NormFloat64()*0.05, float64(b) + rng.NormFloat64()*0.05}
		ys[i] = float64(a ^ b)
	}
	return xs, ys
}

// TestLearnsXOR trains on XOR, on which the best linear model (and the
// untrained network) is stuck near ln 2 = 0.693, and wants a low
// loss and every corner on the right side.
func TestLearnsXOR(t *testing.T) {
	t.Parallel()
	xs, ys := xor(800, 1)
	m, res, err := net.Train(xs, ys, net.TrainConfig{Hidden: []int{8, 8}, Rate: 0.01, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if l := m.Loss(xs, ys); l > 0.1 {
		t.Errorf("got loss %.4f after %d epochs (best %d), want below 0.1", l, res.Epochs, res.Best)
	}
	for _, c := range []struct {
		x    []float64
		want bool
	}{{[]float64{0, 0}, false}, {[]float64{0, 1}, true}, {[]float64{1, 0}, true}, {[]float64{1, 1}, false}} {
		if got := m.Logit(c.x) > 0; got != c.want {
			t.Errorf("%v: got logit %.3f, want it positive %v", c.x, m.Logit(c.x), c.want)
		}
	}
	if res.Validation != 80 || res.Fit != 720 {
		t.Errorf("got %d fit and %d validation samples, want 720 and 80", res.Fit, res.Validation)
	}
}

// TestEarlyStopping trains on pure noise: nothing is to be learned, so
// the validation loss soon stops improving and training stops well
// before its epochs run out, keeping an earlier epoch.
func TestEarlyStopping(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(9, 9))
	xs, ys := make([][]float64, 300), make([]float64, 300)
	for i := range xs {
		xs[i] = []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		ys[i] = float64(rng.IntN(2))
	}
	_, res, err := net.Train(xs, ys, net.TrainConfig{Hidden: []int{32, 32}, Rate: 0.01, Epochs: 1000, Patience: 10, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Epochs >= 1000 || res.Epochs != res.Best+10 {
		t.Errorf("got %d epochs run, best %d; want a stop 10 epochs after the best, long before 1000", res.Epochs, res.Best)
	}
	if res.ValidationLoss < math.Ln2-0.15 {
		t.Errorf("got validation loss %.4f on noise, want about ln 2 or more", res.ValidationLoss)
	}
}

// TestReproducible trains twice from one seed and once from another.
func TestReproducible(t *testing.T) {
	t.Parallel()
	xs, ys := xor(200, 4)
	cfg := net.TrainConfig{Epochs: 20, Seed: 11}
	encode := func(cfg net.TrainConfig) []byte {
		m, _, err := net.Train(xs, ys, cfg)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	first, second := encode(cfg), encode(cfg)
	if !bytes.Equal(first, second) {
		t.Error("two trainings from seed 11 differ")
	}
	cfg.Seed = 12
	if bytes.Equal(first, encode(cfg)) {
		t.Error("seeds 11 and 12 gave the same model")
	}
}

func TestTrainBadData(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		xs   [][]float64
		ys   []float64
		cfg  net.TrainConfig
		want string
	}{
		{"empty", nil, nil, net.TrainConfig{}, "no samples"},
		{"ragged", [][]float64{{1, 2}, {1}}, []float64{0, 1}, net.TrainConfig{}, "sample 1 has 1 features"},
		{"result", [][]float64{{1}, {2}}, []float64{0, 2}, net.TrainConfig{}, "result 2"},
		{"nan", [][]float64{{1}, {math.NaN()}}, []float64{0, 1}, net.TrainConfig{}, "feature NaN"},
		{"wide", [][]float64{{1}}, []float64{1}, net.TrainConfig{Hidden: []int{1000}}, "1000 units"},
		{"validation", [][]float64{{1}}, []float64{1}, net.TrainConfig{Validation: 1}, "validation fraction"},
	} {
		if _, _, err := net.Train(tc.xs, tc.ys, tc.cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

// TestSaveLoad writes a trained model and reads it back: same outputs.
func TestSaveLoad(t *testing.T) {
	t.Parallel()
	xs, ys := xor(200, 5)
	m, _, err := net.Train(xs, ys, net.TrainConfig{Epochs: 5, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	m.K = 150
	path := filepath.Join(t.TempDir(), "m.json")
	if err := m.Save(path); err != nil {
		t.Fatal(err)
	}
	back, err := net.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range xs[:20] {
		if got, want := back.Value(x), m.Value(x); got != want {
			t.Fatalf("%v: got value %v after loading, want %v", x, got, want)
		}
	}
	if back.Inputs() != 2 || back.Value(xs[0]) != 150*back.Logit(xs[0]) {
		t.Errorf("got %d inputs and value %v, want 2 and K times the logit", back.Inputs(), back.Value(xs[0]))
	}
	if _, err := net.Load(filepath.Join(t.TempDir(), "absent.json")); err == nil || !strings.Contains(err.Error(), "absent.json") {
		t.Errorf("missing file: got %v, want an error naming it", err)
	}
}

func TestParseMalformed(t *testing.T) {
	t.Parallel()
	good, err := os.ReadFile("testdata/tiny.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := net.Parse(good); err != nil {
		t.Fatalf("testdata/tiny.json: %v", err)
	}
	for _, tc := range []struct{ old, new, want string }{
		{`"plateau-net/1"`, `"plateau-net/2"`, "format"},
		{`"k": 100`, `"k": 0`, "scale k"},
		{`"k": 100`, `"k": 100, "extra": 1`, "unknown field"},
		{`"scale": [2, 1]`, `"scale": [2]`, "1 scales for 2 means"},
		{`"scale": [2, 1]`, `"scale": [2, 0]`, "scale 1 is 0"},
		{`"in": 3`, `"in": 4`, "layer 1 takes 4 inputs"},
		{`"w": [1, -1, 0.5]`, `"w": [1, -1]`, "2 weights, want 3"},
		{`"b": [0.25]`, `"b": []`, "0 biases"},
		{`"b": [0.25]`, `"b": [1e300]`, "within"},
		{`"out": 1`, `"out": 2`, "3 weights, want 6"},
		{"\"k\": 100\n}", "\"k\": 100\n} {}", "after the model"},
		{`"mean"`, `"mean`, "invalid character"},
	} {
		bad := strings.Replace(string(good), tc.old, tc.new, 1)
		if bad == string(good) {
			t.Fatalf("%q is not in testdata/tiny.json", tc.old)
		}
		_, err := net.Parse([]byte(bad))
		if !errors.Is(err, net.ErrMalformed) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s → %s: got %v, want ErrMalformed with %q", tc.old, tc.new, err, tc.want)
		}
	}
}

// FuzzParse feeds Parse arbitrary bytes: it refuses them or returns a
// model whose output is finite and which survives a round trip.
func FuzzParse(f *testing.F) {
	if b, err := os.ReadFile("testdata/tiny.json"); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := net.Parse(b)
		if err != nil {
			if !errors.Is(err, net.ErrMalformed) {
				t.Fatalf("got %v, want ErrMalformed", err)
			}
			return
		}
		x := make([]float64, m.Inputs())
		if v := m.Value(x); math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("got value %v, want a finite one", v)
		}
		again, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		back, err := net.Parse(again)
		if err != nil || back.Value(x) != m.Value(x) {
			t.Fatalf("round trip: got %v, %v; want value %v", back, err, m.Value(x))
		}
	})
}

// BenchmarkLogit measures one evaluation of a 7-16-16-1 network, the
// shape plateau train gives Oxford's seven features.
func BenchmarkLogit(b *testing.B) {
	m, err := net.New(7, []int{16, 16}, 1)
	if err != nil {
		b.Fatal(err)
	}
	x := []float64{3, 1, 0, 1, 12, 0, 1}
	sum := 0.0
	for b.Loop() {
		sum += m.Logit(x)
	}
	if math.IsNaN(sum) {
		b.Fatal("NaN")
	}
}

// TestLoadSpec: a spec's network is loaded into its Value, once for
// all its agents; a missing or malformed file is a bad spec, and a spec
// without a network is left as it is.
func TestLoadSpec(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		spec, want string // want: "" for success, else part of the error
	}{
		{"ab:nodes=100", ""},
		{"ab:nodes=100,net=testdata/tiny.json", ""},
		{"ab:net=testdata/absent.json", `net "testdata/absent.json": net: open testdata/absent.json: no such file`},
		{"ab:net=testdata/malformed.json", `net "testdata/malformed.json": testdata/malformed.json: net: malformed model: layer 0 has 1 weights, want 2`},
	} {
		sp, err := ai.ParseSpec(tc.spec, "oxford")
		if err != nil {
			t.Fatalf("%s: %v", tc.spec, err)
		}
		got, err := net.LoadSpec(sp)
		switch {
		case tc.want != "":
			if !errors.Is(err, ai.ErrBadSpec) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: got %v, want ErrBadSpec mentioning %q", tc.spec, err, tc.want)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.spec, err)
		case sp.Net == "" && got != sp:
			t.Errorf("%s: got %+v, want the spec unchanged", tc.spec, got)
		case sp.Net != "" && (got.Value == nil || got.Value.Inputs() != 2 || got.Net != sp.Net):
			t.Errorf("%s: got %+v, want tiny.json's 2-input model loaded", tc.spec, got)
		}
	}
}
