package oxford

import (
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

func TestExplain(t *testing.T) {
	t.Parallel()
	s, err := parse(StartStandard, false)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		move, want string
	}{
		{"a3a4", "no piece on a3"},
		{"a3", "no piece on a3"},
		{"a7a6", "not yours"},
		{"a1a2", "own pieces"},
		{"b1b3", "base"},
		{"a2a3", "An O moves exactly 3 step(s)"},
		{"b2b3", "An X moves exactly 3 step(s)"},
		{"q", ""},
	}
	for _, tt := range tests {
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
	for _, mv := range game.MoveStrings(s) {
		if got := game.Explain(s, mv); got != nil {
			t.Errorf("Explain(%s) of a legal move: got %q, want nil", mv, got)
		}
	}
}
