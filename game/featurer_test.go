package game

import (
	"slices"
	"testing"
)

func TestWeightedSum(t *testing.T) {
	t.Parallel()
	tests := []struct {
		f, w []int
		want int
	}{
		{nil, nil, 0},
		{[]int{1, -2, 3}, []int{100, 50, 4}, 12}, // 100 - 100 + 12
		{[]int{0, 0}, []int{7, 9}, 0},
	}
	for _, tt := range tests {
		if got := WeightedSum(tt.f, tt.w); got != tt.want {
			t.Errorf("WeightedSum(%v, %v): got %d, want %d", tt.f, tt.w, got, tt.want)
		}
	}
	if got, want := AppendFloats([]float64{0.5}, []int{2, -3}), []float64{0.5, 2, -3}; !slices.Equal(got, want) {
		t.Errorf("AppendFloats: got %v, want %v", got, want)
	}
}

// table is a LinearTable for TestLinear.
type table struct{}

func (table) Weights() []int  { return []int{100, -3} }
func (table) Names() []string { return []string{"material", "tempo"} }

func TestLinear(t *testing.T) {
	t.Parallel()
	var l Linear[table]
	w := l.EvalWeights()
	if want := []float64{100, -3}; !slices.Equal(w, want) {
		t.Errorf("EvalWeights: got %v, want %v", w, want)
	}
	w[0] = 7 // a fresh slice: the table is unchanged
	if got := l.EvalWeights()[0]; got != 100 {
		t.Errorf("EvalWeights after changing a copy: got %v, want 100", got)
	}
	if got, want := l.FeatureNames(), []string{"material", "tempo"}; !slices.Equal(got, want) {
		t.Errorf("FeatureNames: got %v, want %v", got, want)
	}
}
