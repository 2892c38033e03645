package net

import (
	"fmt"
	"math"
)

// check tells what is wrong with a decoded model, if anything.
func (m *Model) check() error {
	switch {
	case m.Format != Format:
		return fmt.Errorf("format %q, want %q", m.Format, Format)
	case len(m.Mean) < 1 || len(m.Mean) > MaxWidth:
		return fmt.Errorf("%d inputs, want 1 to %d", len(m.Mean), MaxWidth)
	case len(m.Scale) != len(m.Mean):
		return fmt.Errorf("%d scales for %d means", len(m.Scale), len(m.Mean))
	case len(m.Layers) < 1 || len(m.Layers) > MaxLayers:
		return fmt.Errorf("%d layers, want 1 to %d", len(m.Layers), MaxLayers)
	case !(m.K > 0 && m.K <= maxAbs):
		return fmt.Errorf("scale k %v, want a positive number up to %g", m.K, maxAbs)
	}
	if err := finite("mean", m.Mean); err != nil {
		return err
	}
	for i, s := range m.Scale {
		if !(s >= 1e-9 && s <= maxAbs) {
			return fmt.Errorf("scale %d is %v, want 1e-9 to %g", i, s, maxAbs)
		}
	}
	in := len(m.Mean)
	for k, l := range m.Layers {
		if err := l.check(k, in); err != nil {
			return err
		}
		in = l.Out
	}
	if in != 1 {
		return fmt.Errorf("the last layer has %d units, want 1", in)
	}
	return nil
}

// check tells what is wrong with layer k, which takes in inputs.
func (l Layer) check(k, in int) error {
	switch {
	case l.In != in:
		return fmt.Errorf("layer %d takes %d inputs, want %d", k, l.In, in)
	case l.Out < 1 || l.Out > MaxWidth:
		return fmt.Errorf("layer %d has %d units, want 1 to %d", k, l.Out, MaxWidth)
	case len(l.W) != l.In*l.Out:
		return fmt.Errorf("layer %d has %d weights, want %d", k, len(l.W), l.In*l.Out)
	case len(l.B) != l.Out:
		return fmt.Errorf("layer %d has %d biases, want %d", k, len(l.B), l.Out)
	}
	if err := finite(fmt.Sprintf("layer %d weights", k), l.W); err != nil {
		return err
	}
	return finite(fmt.Sprintf("layer %d biases", k), l.B)
}

func finite(what string, xs []float64) error {
	for i, x := range xs {
		if math.IsNaN(x) || math.Abs(x) > maxAbs {
			return fmt.Errorf("%s: value %d is %v, want a number within ±%g", what, i, x, maxAbs)
		}
	}
	return nil
}
