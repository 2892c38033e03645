package yoxii

import (
	"fmt"

	"github.com/plateau-games/plateau/game"
)

// ReasonText implements game.Reasoner: Reason in every language.
func (s *State) ReasonText() game.Text {
	return reasonText(s.Reason())
}

// reasonText says a reason in every language, for game.Game.Reasons:
// it reads the numbers back from Reason's English.
func reasonText(why string) game.Text {
	var w, r, nw, nr int
	if n, _ := fmt.Sscanf(why, "totem blocked: white %d, red %d; pieces around it: white %d, red %d", &w, &r, &nw, &nr); n == 4 {
		return texts("totem blocked: white %d, red %d; pieces around it: white %d, red %d", w, r, nw, nr)
	}
	if n, _ := fmt.Sscanf(why, "totem blocked: white %d, red %d", &w, &r); n == 2 && why == fmt.Sprintf("totem blocked: white %d, red %d", w, r) {
		return texts("totem blocked: white %d, red %d", w, r)
	}
	return nil
}
