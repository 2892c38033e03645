package screening_test

import (
	"fmt"

	"github.com/plateau-games/plateau/internal/moderation/screening"
)

func Example() {
	// Honest play measured on AI levels: a 1000-rated player matches
	// the reference a third of the time, a 2000-rated one 60%.
	norm := screening.Norm{{Rating: 1000, Match: 0.33, Loss: 0.10}, {Rating: 2000, Match: 0.60, Loss: 0.03}}
	suspect := screening.Stats{Moves: 300, Matches: 240, Loss: 300 * 0.01}
	z, flagged := norm.Flag(suspect, 1100)
	fmt.Printf("z %.1f, flagged %v\n", z, flagged)
	// Output: z 16.0, flagged true
}
