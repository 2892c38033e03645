package tune

import (
	"errors"
	"fmt"
)

// ErrNoSignal is returned when the starting weights do not predict the
// results at all: too few games, or too random ones.
var ErrNoSignal = errors.New("tune: the evaluation does not predict the results of these games (more games, or stronger play?)")

// Report is the outcome of Tune: the scale, the weights before and
// after, and the log-loss of each on the train and held-out samples.
type Report struct {
	Names         []string  `json:"names,omitempty"`
	Before        []float64 `json:"before"`
	After         []float64 `json:"after"`
	K             float64   `json:"k"`
	Train         int       `json:"train"`   // samples trained on
	HeldOut       int       `json:"heldOut"` // samples held out
	TrainBefore   float64   `json:"trainLossBefore"`
	TrainAfter    float64   `json:"trainLossAfter"`
	HeldOutBefore float64   `json:"heldOutLossBefore"`
	HeldOutAfter  float64   `json:"heldOutLossAfter"`
}

// Tune splits the samples (heldOut of them held out, shuffled with
// seed), fits the scale K of the weights w0 on the train part, then the
// weights with K fixed, and measures both on both parts.
func Tune(samples []Sample, w0 []float64, heldOut float64, seed uint64, cfg FitConfig) (Report, error) {
	for _, s := range samples {
		if len(s.Features) != len(w0) {
			return Report{}, fmt.Errorf("tune: %d features for %d weights", len(s.Features), len(w0))
		}
	}
	train, test := Split(samples, heldOut, seed)
	if len(train) == 0 {
		return Report{}, errors.New("tune: no samples to train on")
	}
	r := Report{Before: append([]float64(nil), w0...), Train: len(train), HeldOut: len(test)}
	r.K = FitScale(train, w0)
	if r.K > MaxScale*0.999 {
		return Report{}, ErrNoSignal
	}
	w, err := Fit(train, w0, r.K, cfg)
	if err != nil {
		return Report{}, err
	}
	r.After = w
	r.TrainBefore, r.TrainAfter = Loss(train, w0, r.K), Loss(train, w, r.K)
	r.HeldOutBefore, r.HeldOutAfter = Loss(test, w0, r.K), Loss(test, w, r.K)
	return r, nil
}
