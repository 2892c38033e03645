package net

import (
	"math"
	"testing"
)

// TestGradient compares backpropagation's gradient with central finite
// differences of the loss, for every parameter of a small model on a
// few random samples, with and without weight decay.
func TestGradient(t *testing.T) {
	t.Parallel()
	rng := newRand(3, 3)
	xs := make([][]float64, 12)
	ys := make([]float64, len(xs))
	for i := range xs {
		xs[i] = []float64{rng.NormFloat64() * 3, rng.NormFloat64(), float64(rng.IntN(3))}
		ys[i] = float64(rng.IntN(3)) / 2
	}
	for _, decay := range []float64{0, 0.1} {
		m, err := New(3, []int{5, 4}, 7)
		if err != nil {
			t.Fatal(err)
		}
		m.standardise(xs)
		for _, l := range m.Layers {
			for j := range l.B {
				l.B[j] = rng.NormFloat64() * 0.3
			}
		}
		idx := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
		tr := newTrainer(m)
		tr.gradient(xs, ys, idx, decay)
		loss := func() float64 {
			l := m.Loss(xs, ys)
			for _, ly := range m.Layers {
				for _, w := range ly.W {
					l += decay / 2 * w * w
				}
			}
			return l
		}
		for k, l := range m.Layers {
			checkParams(t, "W", k, l.W, tr.grad[k].W, loss)
			checkParams(t, "B", k, l.B, tr.grad[k].B, loss)
		}
	}
}

func checkParams(t *testing.T, what string, k int, p, grad []float64, loss func() float64) {
	t.Helper()
	const h = 1e-6
	for j := range p {
		old := p[j]
		p[j] = old + h
		up := loss()
		p[j] = old - h
		down := loss()
		p[j] = old
		want := (up - down) / (2 * h)
		if math.Abs(grad[j]-want) > 1e-6+1e-4*math.Abs(want) {
			t.Errorf("layer %d %s[%d]: got gradient %.8f, want %.8f by finite differences", k, what, j, grad[j], want)
		}
	}
}
