package yoxii

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
		{StartPosition, "d6,1@d5", "cannot reach d6"},
		{StartPosition, "d5,1@d7", "next to the totem on d5"},
		{StartPosition, "d5d7", "next to the totem on d5"},
		{StartPosition, "d5,1@d4", ""}, // legal
		{"3/5/7/3T3/7/5/3 w", "d5,9@d4", ""},
	}
	for _, tt := range tests {
		s, err := Parse(tt.pos)
		if err != nil {
			t.Fatal(err)
		}
		got := game.Explain(s, tt.move)
		if tt.want == "" {
			if got != nil {
				t.Errorf("Explain(%s): got %q, want nil", tt.move, got)
			}
			continue
		}
		if !strings.Contains(got["en"], tt.want) || got.Check(tt.move) != nil {
			t.Errorf("Explain(%s): got %q, want %q in English and a French text", tt.move, got, tt.want)
		}
	}
}
