package abraxas

import "github.com/plateau-games/plateau/game"

// ReasonText implements game.Reasoner: Reason in every language.
func (s *State) ReasonText() game.Text {
	switch s.p.result {
	case game.Ongoing:
		return nil
	case game.Draw:
		return game.Text{"en": s.Reason(), "fr": "troisième répétition"}
	}
	return game.Text{"en": s.Reason(), "fr": "onze pions pris"}
}

// Taken implements game.TakenCounter: the red pawns both players took.
func (s *State) Taken() int { return int(s.p.taken[0]) + int(s.p.taken[1]) }
