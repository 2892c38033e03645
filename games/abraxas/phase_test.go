package abraxas

import (
	"testing"

	"github.com/plateau-games/plateau/game"
)

func TestPhase(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pos, name, about, aboutFR, prompt string
		hint                              bool
	}{
		{"9/9/9/9/9/9/9/9/9 1 - 2 corner 0-0 3-3 -", "corner", "Choosing the corner.", "Choix du coin.", "{0} to move", false},
		{"9/9/9/9/9/9/9/9/9 1 tr 1 play 0-0 3-3 -", "play", "Placing.", "Pose.", "{0} to move", false},
		{"9/9/9/9/9/3B5/9/9/9 1 tl 2 play 0-0 2-3 n", "play", "Placing. (no stop pawn this turn)", "Pose. (pas de pion stop ce tour)", "{0} to move", false},
		{"2RR1RR2/B6R1/4R1R2/2B6/6RR1/1B1B1R3/R1B1BR1R1/9/9 1 tl 1 take 0-0 0-0 -", "take", "Taking from a line.", "Prise dans une ligne.", "{0} to take", false},
		{"9/9/9/9/9/9/5B3/3R5/5R3 1 bl 1 interrupt 0-1 2-3 -", "interrupt", "Stop! or pass.", "Stop ! ou passer.", "{0}: interrupt with a stop pawn, or pass", true},
	} {
		s, err := Parse(game.Options{}, tc.pos)
		if err != nil {
			t.Fatalf("%s: %v", tc.pos, err)
		}
		ph := s.Phase()
		if err := ph.Check(); err != nil {
			t.Errorf("%s: %v", tc.pos, err)
		}
		if ph.Name != tc.name || ph.About.In("en") != tc.about || ph.About.In("fr") != tc.aboutFR || ph.Prompt.In("en") != tc.prompt {
			t.Errorf("%s: got %s %q %q %q, want %s %q %q %q", tc.pos, ph.Name, ph.About.In("en"), ph.About.In("fr"), ph.Prompt.In("en"),
				tc.name, tc.about, tc.aboutFR, tc.prompt)
		}
		if got := ph.Hint != nil; got != tc.hint {
			t.Errorf("%s: got a hint %v, want %v", tc.pos, got, tc.hint)
		}
	}
	// Texts are built per call: changing one phase leaves the next alone.
	s, _ := Parse(game.Options{}, "9/9/9/9/9/9/9/9/9 1 tr 1 play 0-0 3-3 -")
	s.Phase().About["en"] = "changed"
	if got := s.Phase().About.In("en"); got != "Placing." {
		t.Errorf("got %q after changing another phase's text, want Placing.", got)
	}
}
