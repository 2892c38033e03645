package tune

import (
	"fmt"
	"math"
)

// Loss is the mean log-loss of the model sigmoid(w·f/k) on the samples:
// the cross-entropy between its win probability and the results.
func Loss(samples []Sample, w []float64, k float64) float64 {
	if len(samples) == 0 {
		return 0
	}
	sum := 0.0
	for _, s := range samples {
		sum += logLoss(sigmoid(dot(w, s.Features)/k), s.Result)
	}
	return sum / float64(len(samples))
}

func logLoss(p, y float64) float64 {
	p = min(max(p, 1e-12), 1-1e-12)
	return -(y*math.Log(p) + (1-y)*math.Log(1-p))
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

func dot(w, f []float64) float64 {
	v := 0.0
	for i, x := range f {
		v += w[i] * x
	}
	return v
}

// MaxScale bounds FitScale: at it, the weights do not predict the
// results at all (or predict them backwards).
const MaxScale = 1e6

// FitScale returns the scale K in [1, MaxScale] that minimises the loss of
// the weights w: evaluation units per unit of log-odds. The loss is
// convex in 1/K, hence unimodal in log K, and a golden-section search
// finds its minimum.
func FitScale(samples []Sample, w []float64) float64 {
	lo, hi := 0.0, math.Log(MaxScale)
	f := func(x float64) float64 { return Loss(samples, w, math.Exp(x)) }
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := f(a), f(b)
	for hi-lo > 1e-6 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = f(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = f(b)
		}
	}
	return math.Exp((lo + hi) / 2)
}

// FitConfig tunes Fit; zero values take the defaults.
type FitConfig struct {
	// Ridge pulls the weights towards the starting ones, in units of
	// the standardised features (0: 1e-3): a feature that is rarely
	// non-zero keeps its weight rather than drifting.
	Ridge float64
	Steps int // Newton steps at most (0: 50)
}

// Fit returns the weights, from w0, that minimise the loss of
// sigmoid(w·f/k) on the samples plus the ridge term, by damped Newton
// steps (gradient descent scaled by the inverse Hessian, which the
// features' very different ranges call for); k stays fixed so that the
// weights keep the evaluation's units.
func Fit(samples []Sample, w0 []float64, k float64, cfg FitConfig) ([]float64, error) {
	if cfg.Ridge <= 0 {
		cfg.Ridge = 1e-3
	}
	if cfg.Steps <= 0 {
		cfg.Steps = 50
	}
	m := newModel(samples, w0, k, cfg.Ridge)
	u := m.toUnits(w0)
	loss := m.loss(u)
	for range cfg.Steps {
		grad, hess := m.derivatives(u)
		step, err := solve(hess, grad)
		if err != nil {
			return nil, err
		}
		next, nextLoss := m.lineSearch(u, step, loss)
		if nextLoss >= loss-1e-12 {
			break
		}
		u, loss = next, nextLoss
	}
	return m.toWeights(u), nil
}

// model is the fitting problem in standardised units: feature i divided
// by its root mean square s[i], weight u[i] = w[i]*s[i]/k.
type model struct {
	samples []Sample
	s, u0   []float64
	k       float64
	ridge   float64
}

func newModel(samples []Sample, w0 []float64, k, ridge float64) *model {
	m := &model{samples: samples, s: make([]float64, len(w0)), k: k, ridge: ridge}
	for _, x := range samples {
		for i, f := range x.Features {
			m.s[i] += f * f
		}
	}
	for i := range m.s {
		m.s[i] = math.Sqrt(m.s[i] / float64(max(len(samples), 1)))
		if m.s[i] == 0 {
			m.s[i] = 1
		}
	}
	m.u0 = m.toUnits(w0)
	return m
}

func (m *model) toUnits(w []float64) []float64 {
	u := make([]float64, len(w))
	for i := range w {
		u[i] = w[i] * m.s[i] / m.k
	}
	return u
}

func (m *model) toWeights(u []float64) []float64 {
	w := make([]float64, len(u))
	for i := range u {
		w[i] = u[i] * m.k / m.s[i]
	}
	return w
}

// loss is the mean log-loss plus the ridge term at u.
func (m *model) loss(u []float64) float64 {
	l := Loss(m.samples, m.toWeights(u), m.k)
	for i := range u {
		l += m.ridge / 2 * (u[i] - m.u0[i]) * (u[i] - m.u0[i])
	}
	return l
}

// derivatives returns the gradient and the Hessian of the loss at u.
func (m *model) derivatives(u []float64) ([]float64, [][]float64) {
	d := len(u)
	grad, hess := make([]float64, d), make([][]float64, d)
	for i := range hess {
		hess[i] = make([]float64, d)
		hess[i][i] = m.ridge
		grad[i] = m.ridge * (u[i] - m.u0[i])
	}
	n := float64(len(m.samples))
	x := make([]float64, d)
	for _, smp := range m.samples {
		for i, f := range smp.Features {
			x[i] = f / m.s[i]
		}
		p := sigmoid(dot(u, x))
		for i := range x {
			grad[i] += (p - smp.Result) * x[i] / n
			for j := range x {
				hess[i][j] += p * (1 - p) * x[i] * x[j] / n
			}
		}
	}
	return grad, hess
}

// lineSearch halves the Newton step until the loss falls.
func (m *model) lineSearch(u, step []float64, loss float64) ([]float64, float64) {
	next := make([]float64, len(u))
	for t := 1.0; t > 1e-4; t /= 2 {
		for i := range u {
			next[i] = u[i] - t*step[i]
		}
		if l := m.loss(next); l < loss {
			return next, l
		}
	}
	return u, loss
}

// solve returns x with a·x = b, by Gaussian elimination with partial
// pivoting; a and b are not kept.
func solve(a [][]float64, b []float64) ([]float64, error) {
	n := len(b)
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-300 {
			return nil, fmt.Errorf("tune: singular Hessian at feature %d", c)
		}
		a[c], a[p], b[c], b[p] = a[p], a[c], b[p], b[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for j := c; j < n; j++ {
				a[r][j] -= f * a[c][j]
			}
			b[r] -= f * b[c]
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		v := b[r]
		for j := r + 1; j < n; j++ {
			v -= a[r][j] * x[j]
		}
		x[r] = v / a[r][r]
	}
	return x, nil
}
