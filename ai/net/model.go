package net

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/plateau-games/plateau/ai"
	"math"
	"os"
)

// Format names the file format; a file of another format is refused.
const Format = "plateau-net/1"

// Limits on a model's shape, which Logit's buffers and a loaded file
// must respect.
const (
	MaxWidth  = 64  // inputs or units of a layer at most: a small network
	MaxLayers = 8   // layers at most, the output layer included
	maxAbs    = 1e9 // largest parameter in magnitude
)

// ErrMalformed is wrapped by every error about a model file's content.
var ErrMalformed = errors.New("net: malformed model")

// Model is a trained network. Input i enters as
// (x[i]-Mean[i])/Scale[i]; every layer but the last applies max(0, ·)
// to W·x+B; the last has one unit, the log-odds.
type Model struct {
	Format string    `json:"format"`
	Mean   []float64 `json:"mean"`
	Scale  []float64 `json:"scale"`
	Layers []Layer   `json:"layers"`
	// K is the evaluation's units per unit of log-odds (Texel's scale),
	// by which Value converts the output.
	K float64 `json:"k"`
}

// Layer is a fully connected layer: W holds Out rows of In weights.
type Layer struct {
	In  int       `json:"in"`
	Out int       `json:"out"`
	W   []float64 `json:"w"`
	B   []float64 `json:"b"`
}

// New returns an untrained model for inputs features through hidden
// layers of the given widths, with weights drawn from seed (He's
// initialisation, suited to rectified units), inputs not standardised
// and K 1.
func New(inputs int, hidden []int, seed uint64) (*Model, error) {
	sizes := append(append([]int{inputs}, hidden...), 1)
	if len(sizes)-1 > MaxLayers {
		return nil, fmt.Errorf("net: %d layers, want at most %d", len(sizes)-1, MaxLayers)
	}
	for _, n := range sizes {
		if n < 1 || n > MaxWidth {
			return nil, fmt.Errorf("net: a layer of %d units, want 1 to %d", n, MaxWidth)
		}
	}
	m := &Model{Format: Format, Mean: make([]float64, inputs), Scale: make([]float64, inputs), K: 1}
	for i := range m.Scale {
		m.Scale[i] = 1
	}
	rng := newRand(seed, 0)
	for i := 1; i < len(sizes); i++ {
		l := Layer{In: sizes[i-1], Out: sizes[i], W: make([]float64, sizes[i-1]*sizes[i]), B: make([]float64, sizes[i])}
		sd := math.Sqrt(2 / float64(l.In))
		for j := range l.W {
			l.W[j] = rng.NormFloat64() * sd
		}
		m.Layers = append(m.Layers, l)
	}
	return m, nil
}

// Inputs is the number of features the model takes.
func (m *Model) Inputs() int { return len(m.Mean) }

// Logit returns the model's log-odds that the player to act wins, for
// the features x (Inputs of them). It allocates nothing and is safe for
// concurrent use.
func (m *Model) Logit(x []float64) float64 {
	var bufA, bufB [MaxWidth]float64
	in, next := bufA[:len(m.Mean)], bufB[:]
	for i, v := range x[:len(in)] {
		in[i] = (v - m.Mean[i]) / m.Scale[i]
	}
	last := len(m.Layers) - 1
	for k, l := range m.Layers {
		out := next[:l.Out]
		dense(out, l, in)
		if k < last {
			for o, s := range out {
				out[o] = max(s, 0)
			}
		}
		in, next = out, in[:cap(in)]
	}
	return in[0]
}

// dense sets out to l.W·in+l.B, four units at a time so that four sums
// grow side by side rather than in one chain of dependent additions.
func dense(out []float64, l Layer, in []float64) {
	n := l.In
	in = in[:n]
	o := 0
	for ; o+4 <= len(out); o += 4 {
		r0, r1, r2, r3 := l.W[o*n:(o+1)*n], l.W[(o+1)*n:(o+2)*n], l.W[(o+2)*n:(o+3)*n], l.W[(o+3)*n:(o+4)*n]
		s0, s1, s2, s3 := l.B[o], l.B[o+1], l.B[o+2], l.B[o+3]
		for i, v := range in {
			s0 += r0[i] * v
			s1 += r1[i] * v
			s2 += r2[i] * v
			s3 += r3[i] * v
		}
		out[o], out[o+1], out[o+2], out[o+3] = s0, s1, s2, s3
	}
	for ; o < len(out); o++ {
		s := l.B[o]
		for i, w := range l.W[o*n : (o+1)*n] {
			s += w * in[i]
		}
		out[o] = s
	}
}

// Value is the position's score for the player to act in the
// evaluation's units, K times the log-odds: alphabeta.Valuer.
func (m *Model) Value(x []float64) float64 { return m.K * m.Logit(x) }

// Loss is the mean log-loss of the model on features xs labelled with
// results ys (1 a win, 0.5 a draw, 0 a loss).
func (m *Model) Loss(xs [][]float64, ys []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sum := 0.0
	for i, x := range xs {
		sum += logLoss(m.Logit(x), ys[i])
	}
	return sum / float64(len(xs))
}

// logLoss is the log-loss of sigmoid(z) against y, written so that it
// neither overflows nor loses precision for large |z|.
func logLoss(z, y float64) float64 { return softplus(z) - y*z }

func softplus(z float64) float64 {
	if z > 0 {
		return z + math.Log1p(math.Exp(-z))
	}
	return math.Log1p(math.Exp(z))
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// Parse reads a model from JSON and checks it whole: format, shapes,
// finite parameters within bounds.
func Parse(b []byte) (*Model, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	var m Model
	if err := d.Decode(&m); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrMalformed, err)
	}
	if d.More() {
		return nil, fmt.Errorf("%w: data after the model", ErrMalformed)
	}
	if err := m.check(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrMalformed, err)
	}
	return &m, nil
}

// Load reads a model file.
func Load(path string) (*Model, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("net: %w", err)
	}
	m, err := Parse(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// LoadSpec loads the network that sp names (ai.Spec.Net) into
// sp.Value; a spec without one is returned as it is. Programs that take
// net=FILE specs call it after ai.ParseSpec: ai does not read files
// itself, so that the browser's engine links no model reader.
func LoadSpec(sp ai.Spec) (ai.Spec, error) {
	if sp.Net == "" {
		return sp, nil
	}
	m, err := Load(sp.Net)
	if err != nil {
		return ai.Spec{}, fmt.Errorf("%w: net %q: %w", ai.ErrBadSpec, sp.Net, err)
	}
	sp.Value = m
	return sp, nil
}

// Save writes the model as JSON to path.
func (m *Model) Save(path string) error {
	b, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return fmt.Errorf("net: %w", err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("net: %w", err)
	}
	return nil
}
