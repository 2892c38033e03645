package abraxas

import (
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

func TestExplain(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pos, move, want string
	}{
		{"9/9/9/9/9/9/9/9/RBBB5 1 bl 1 play 0-0 0-3 -", "!e5", "no stop pawn left"},
		{"9/9/9/9/9/9/9/9/RBB6 1 bl 1 play 0-0 2-2 n", "!e5", "cannot answer a stop"},
		{"9/9/9/9/9/9/9/9/RB7 1 bl 1 play 0-0 2-3 -", "a1@br", "is taken"},
		{"9/9/9/9/9/9/9/9/RB7 1 bl 1 play 0-0 2-3 -", "i9@br", "off the plate"},
		{"9/9/9/9/9/9/9/9/RB7 1 bl 1 play 0-0 2-3 -", "a1b2@br", "only once the pool is empty"},
		{"9/9/9/9/9/9/9/9/RB7 1 bl 1 play 0-0 2-3 -", "e5@br", ""}, // legal
		{"9/9/9/9/9/9/9/9/9 1 - 2 corner 0-0 3-3 -", "e5@br", ""},
	}
	for _, tt := range tests {
		s, err := Parse(nil, tt.pos)
		if err != nil {
			t.Fatalf("%s: %v", tt.pos, err)
		}
		got := game.Explain(s, tt.move)
		if tt.want == "" {
			if got != nil {
				t.Errorf("Explain(%s): got %q, want nil", tt.move, got)
			}
			continue
		}
		if !strings.Contains(got["en"], tt.want) || got.Check(tt.move) != nil {
			t.Errorf("Explain(%s) in %s: got %q, want %q in English and a French text", tt.move, tt.pos, got, tt.want)
		}
	}
}
