package lab

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1.5e-4 }

// TestWilson checks intervals computed by hand from the formula
// (centre ± half)/(1 + z²/n), z = 1.96.
func TestWilson(t *testing.T) {
	t.Parallel()
	tests := []struct {
		k, n         int
		rate, lo, hi float64
	}{
		{5, 10, 0.5, 0.2366, 0.7634},
		{0, 4, 0, 0, 0.4899},   // hi = z²/(n+z²)
		{10, 10, 1, 0.7225, 1}, // lo = n/(n+z²)
		{87, 100, 0.87, 0.7902, 0.9224},
		{0, 0, 0, 0, 1},
	}
	for _, tt := range tests {
		got := Wilson(tt.k, tt.n)
		if !near(got.Rate, tt.rate) || !near(got.Lo, tt.lo) || !near(got.Hi, tt.hi) {
			t.Errorf("Wilson(%d, %d) = %.4f [%.4f, %.4f], want %.4f [%.4f, %.4f]",
				tt.k, tt.n, got.Rate, got.Lo, got.Hi, tt.rate, tt.lo, tt.hi)
		}
		if got.Count != tt.k || got.N != tt.n {
			t.Errorf("Wilson(%d, %d) counts %d/%d", tt.k, tt.n, got.Count, got.N)
		}
	}
}

// TestMeanOf checks the normal interval: for 1, 2, 3, 4 the sample
// standard deviation is sqrt(5/3), the standard error half that.
func TestMeanOf(t *testing.T) {
	t.Parallel()
	tests := []struct {
		xs           []float64
		mean, lo, hi float64
	}{
		{[]float64{1, 2, 3, 4}, 2.5, 1.2349, 3.7651},
		{[]float64{9, 9, 9}, 9, 9, 9},
		{[]float64{7}, 7, 7, 7},
		{nil, 0, 0, 0},
	}
	for _, tt := range tests {
		got := MeanOf(tt.xs)
		if !near(got.Mean, tt.mean) || !near(got.Lo, tt.lo) || !near(got.Hi, tt.hi) || got.N != len(tt.xs) {
			t.Errorf("MeanOf(%v) = %+v, want %.4f [%.4f, %.4f] over %d", tt.xs, got, tt.mean, tt.lo, tt.hi, len(tt.xs))
		}
	}
}
