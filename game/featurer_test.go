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
