package net

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// TrainConfig tunes Train; zero values take the defaults.
type TrainConfig struct {
	Hidden     []int   // widths of the hidden layers (nil: 16, 16)
	Rate       float64 // Adam's step size (0: 1e-3)
	Batch      int     // samples per step (0: 64)
	Epochs     int     // passes over the data at most (0: 300)
	Patience   int     // epochs without a better validation loss before stopping (0: 20)
	Validation float64 // fraction of the data set aside to decide when to stop (0: 0.1)
	Decay      float64 // L2 penalty on the weights, added to the loss (0: none)
	Seed       uint64  // initial weights, the validation part and the order of the batches
}

// Result says how a training went.
type Result struct {
	Epochs         int     `json:"epochs"`    // epochs run
	Best           int     `json:"bestEpoch"` // the epoch whose parameters were kept (0: the initial ones)
	Fit            int     `json:"fit"`       // samples trained on
	Validation     int     `json:"validation"`
	FitLoss        float64 `json:"fitLoss"` // log-loss of the kept model on each part
	ValidationLoss float64 `json:"validationLoss"`
}

func (c *TrainConfig) defaults() {
	if c.Hidden == nil {
		c.Hidden = []int{16, 16}
	}
	if c.Rate <= 0 {
		c.Rate = 1e-3
	}
	if c.Batch <= 0 {
		c.Batch = 64
	}
	if c.Epochs <= 0 {
		c.Epochs = 300
	}
	if c.Patience <= 0 {
		c.Patience = 20
	}
	if c.Validation <= 0 {
		c.Validation = 0.1
	}
}

// Train fits a model to features xs labelled with results ys (1 a win,
// 0.5 a draw, 0 a loss, for the player to act): inputs standardised on
// xs, minibatch Adam on the log-loss, and the parameters of the epoch
// with the lowest loss on the validation part kept. The result depends
// only on the data and cfg.
func Train(xs [][]float64, ys []float64, cfg TrainConfig) (*Model, Result, error) {
	cfg.defaults()
	if err := checkData(xs, ys); err != nil {
		return nil, Result{}, err
	}
	if cfg.Validation >= 1 {
		return nil, Result{}, fmt.Errorf("net: validation fraction %v, want below 1", cfg.Validation)
	}
	m, err := New(len(xs[0]), cfg.Hidden, cfg.Seed)
	if err != nil {
		return nil, Result{}, err
	}
	m.standardise(xs)
	rng := newRand(cfg.Seed, 1)
	perm := rng.Perm(len(xs))
	nVal := min(int(float64(len(xs))*cfg.Validation+0.5), len(xs)-1)
	fit, val := perm[nVal:], perm[:nVal]
	if nVal == 0 {
		val = fit
	}
	t := newTrainer(m)
	best, bestLoss := m.clone(), lossOf(m, xs, ys, val)
	res := Result{Fit: len(fit), Validation: nVal}
	for epoch := 1; epoch <= cfg.Epochs && epoch-res.Best <= cfg.Patience; epoch++ {
		rng.Shuffle(len(fit), func(i, j int) { fit[i], fit[j] = fit[j], fit[i] })
		for b := 0; b < len(fit); b += cfg.Batch {
			t.gradient(xs, ys, fit[b:min(b+cfg.Batch, len(fit))], cfg.Decay)
			t.adam(cfg.Rate)
		}
		res.Epochs = epoch
		if l := lossOf(m, xs, ys, val); l < bestLoss-1e-6 {
			best, bestLoss, res.Best = m.clone(), l, epoch
		}
	}
	res.FitLoss, res.ValidationLoss = lossOf(best, xs, ys, fit), lossOf(best, xs, ys, val)
	if nVal == 0 {
		res.ValidationLoss = 0
	}
	return best, res, nil
}

func checkData(xs [][]float64, ys []float64) error {
	if len(xs) == 0 || len(xs) != len(ys) {
		return errors.New("net: no samples, or not one result a sample")
	}
	n := len(xs[0])
	for i, x := range xs {
		if len(x) != n {
			return fmt.Errorf("net: sample %d has %d features, the first %d", i, len(x), n)
		}
		if !(ys[i] >= 0 && ys[i] <= 1) {
			return fmt.Errorf("net: sample %d has the result %v, want 0 to 1", i, ys[i])
		}
		for _, v := range x {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("net: sample %d has a feature %v", i, v)
			}
		}
	}
	return nil
}

// standardise sets the inputs' means and scales (standard deviations,
// 1 for a constant input) from xs.
func (m *Model) standardise(xs [][]float64) {
	n := float64(len(xs))
	for i := range m.Mean {
		sum, sq := 0.0, 0.0
		for _, x := range xs {
			sum += x[i]
		}
		mean := sum / n
		for _, x := range xs {
			sq += (x[i] - mean) * (x[i] - mean)
		}
		m.Mean[i], m.Scale[i] = mean, math.Sqrt(sq/n)
		if m.Scale[i] < 1e-9 {
			m.Scale[i] = 1
		}
	}
}

func lossOf(m *Model, xs [][]float64, ys []float64, idx []int) float64 {
	sum := 0.0
	for _, i := range idx {
		sum += logLoss(m.Logit(xs[i]), ys[i])
	}
	return sum / float64(max(len(idx), 1))
}

func (m *Model) clone() *Model {
	c := *m
	c.Mean, c.Scale = slices.Clone(m.Mean), slices.Clone(m.Scale)
	c.Layers = make([]Layer, len(m.Layers))
	for k, l := range m.Layers {
		c.Layers[k] = Layer{In: l.In, Out: l.Out, W: slices.Clone(l.W), B: slices.Clone(l.B)}
	}
	return &c
}

func newRand(seed, stream uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, stream^0x6e6574)) }
