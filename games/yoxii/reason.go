package yoxii

import (
	"fmt"

	"github.com/plateau-games/plateau/game"
)

// ReasonText implements game.Reasoner: Reason in every language.
func (s *State) ReasonText() game.Text {
	if !s.over() {
		return nil
	}
	sc := s.Scores()
	if sc[0] != sc[1] {
		return game.Text{"en": s.Reason(), "fr": fmt.Sprintf("totem bloqué : blanc %d, rouge %d", sc[0], sc[1])}
	}
	n := s.adjacentCounts()
	return game.Text{"en": s.Reason(), "fr": fmt.Sprintf("totem bloqué : blanc %d, rouge %d ; pièces autour : blanc %d, rouge %d",
		sc[0], sc[1], n[0], n[1])}
}
