package game

// LinearTable is a game's table of evaluation weights and feature names,
// for Linear: a type without fields whose methods return the game's
// constant tables, in the same order.
type LinearTable interface {
	// Weights returns the weights compiled into the game's Evaluate;
	// the caller must not change the slice.
	Weights() []int
	// Names names the features; the caller must not change the slice.
	Names() []string
}

// Linear is the half of a Featurer that every game whose evaluation is a
// weighted sum of integer features shares. Embedded in a game's state
// (it takes no room), it supplies EvalWeights and FeatureNames from the
// game's table T; the state writes only Evaluate and Features, which
// compute its features directly (a call through T would move them to
// the heap on the search's hot path), with WeightedSum and AppendFloats.
type Linear[T LinearTable] struct{}

// EvalWeights implements Featurer: T's weights as a fresh slice.
func (Linear[T]) EvalWeights() []float64 {
	var t T
	w := t.Weights()
	return AppendFloats(make([]float64, 0, len(w)), w)
}

// FeatureNames implements Featurer: T's names.
func (Linear[T]) FeatureNames() []string {
	var t T
	return t.Names()
}
