package net

import "math"

// trainer holds what training a model needs besides the model: the
// gradient, Adam's moments and the activations of one sample.
type trainer struct {
	m        *Model
	grad     []Layer
	mom, vel []Layer
	steps    int
	act      [][]float64 // act[0] the standardised input, act[k+1] layer k's output
	delta    [][]float64 // the loss's derivative by layer k's pre-activations
}

func newTrainer(m *Model) *trainer {
	zero := func() []Layer {
		ls := make([]Layer, len(m.Layers))
		for k, l := range m.Layers {
			ls[k] = Layer{In: l.In, Out: l.Out, W: make([]float64, len(l.W)), B: make([]float64, len(l.B))}
		}
		return ls
	}
	t := &trainer{m: m, grad: zero(), mom: zero(), vel: zero()}
	t.act = append(t.act, make([]float64, len(m.Mean)))
	for _, l := range m.Layers {
		t.act = append(t.act, make([]float64, l.Out))
		t.delta = append(t.delta, make([]float64, l.Out))
	}
	return t
}

// forward computes the activations of x and returns the log-odds.
func (t *trainer) forward(x []float64) float64 {
	m := t.m
	for i := range t.act[0] {
		t.act[0][i] = (x[i] - m.Mean[i]) / m.Scale[i]
	}
	last := len(m.Layers) - 1
	for k, l := range m.Layers {
		in, out := t.act[k], t.act[k+1]
		for o := range out {
			s := l.B[o]
			for i, w := range l.W[o*l.In : (o+1)*l.In] {
				s += w * in[i]
			}
			if k < last {
				s = max(s, 0)
			}
			out[o] = s
		}
	}
	return t.act[len(t.act)-1][0]
}

// backward adds to the gradient the derivatives of a loss whose
// derivative by the output is dz, at the activations forward left.
func (t *trainer) backward(dz float64) {
	last := len(t.m.Layers) - 1
	t.delta[last][0] = dz
	for k := last; k >= 0; k-- {
		l, g, d := t.m.Layers[k], t.grad[k], t.delta[k]
		in := t.act[k]
		for o, dv := range d {
			g.B[o] += dv
			row := g.W[o*l.In : (o+1)*l.In]
			for i := range row {
				row[i] += dv * in[i]
			}
		}
		if k == 0 {
			break
		}
		prev := t.delta[k-1]
		for i := range prev {
			s := 0.0
			if in[i] > 0 { // a rectified unit passes the derivative only when active
				for o, dv := range d {
					s += l.W[o*l.In+i] * dv
				}
			}
			prev[i] = s
		}
	}
}

// gradient sets t.grad to the gradient of the mean log-loss over the
// samples idx plus decay/2 times the squared weights.
func (t *trainer) gradient(xs [][]float64, ys []float64, idx []int, decay float64) {
	for _, g := range t.grad {
		clear(g.W)
		clear(g.B)
	}
	for _, i := range idx {
		z := t.forward(xs[i])
		t.backward(sigmoid(z) - ys[i])
	}
	n := float64(len(idx))
	for k, g := range t.grad {
		w := t.m.Layers[k].W
		for j := range g.W {
			g.W[j] = g.W[j]/n + decay*w[j]
		}
		for j := range g.B {
			g.B[j] /= n
		}
	}
}

// adam takes one step of Adam (β1 0.9, β2 0.999) along t.grad.
func (t *trainer) adam(rate float64) {
	const b1, b2, eps = 0.9, 0.999, 1e-8
	t.steps++
	c1, c2 := 1-math.Pow(b1, float64(t.steps)), 1-math.Pow(b2, float64(t.steps))
	update := func(p, g, mo, ve []float64) {
		for j := range p {
			mo[j] = b1*mo[j] + (1-b1)*g[j]
			ve[j] = b2*ve[j] + (1-b2)*g[j]*g[j]
			p[j] -= rate * (mo[j] / c1) / (math.Sqrt(ve[j]/c2) + eps)
		}
	}
	for k, l := range t.m.Layers {
		update(l.W, t.grad[k].W, t.mom[k].W, t.vel[k].W)
		update(l.B, t.grad[k].B, t.mom[k].B, t.vel[k].B)
	}
}
