package ratings_test

import (
	"testing"

	"github.com/plateau-games/plateau/internal/ratings"
)

func TestEnough(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		moves  [2]int
		byMove bool
		want   bool
	}{
		{[2]int{1, 1}, false, false}, // the farm of the audit: one move each, then a resignation
		{[2]int{3, 2}, false, false},
		{[2]int{3, 3}, false, true},
		{[2]int{1, 0}, true, false}, // aborted: one side never moved
		{[2]int{3, 2}, true, true},  // a win by the rules
	} {
		if got := ratings.Enough(tc.moves, tc.byMove); got != tc.want {
			t.Errorf("moves %v, by a move %v: got %v, want %v", tc.moves, tc.byMove, got, tc.want)
		}
	}
}
