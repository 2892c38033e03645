package tune_test

import (
	"fmt"

	"github.com/plateau-games/plateau/ai/tune"
)

// The side a piece ahead wins three games in four: the scale puts a
// piece, 100 units, at log-odds ln 3, so K = 100/ln 3.
func ExampleFitScale() {
	var samples []tune.Sample
	for _, r := range []float64{1, 1, 1, 0} {
		samples = append(samples, tune.Sample{Features: []float64{1}, Result: r}, tune.Sample{Features: []float64{-1}, Result: 1 - r})
	}
	k := tune.FitScale(samples, []float64{100})
	fmt.Printf("K = %.1f, loss %.3f\n", k, tune.Loss(samples, []float64{100}, k))
	// Output: K = 91.0, loss 0.562
}
