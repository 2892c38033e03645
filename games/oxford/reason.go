package oxford

import "github.com/plateau-games/plateau/game"

// playerNameFr is playerName in French, for the reasons a game ends.
var playerNameFr = [2]string{"rouge", "jaune"}

// ReasonText implements game.Reasoner: Reason in every language.
func (s *State) ReasonText() game.Text {
	switch why := s.Reason(); why {
	case "":
		return nil
	case "two passes in a row":
		return game.Text{"en": why, "fr": "deux passes de suite"}
	case "third repetition":
		return game.Text{"en": why, "fr": "troisième répétition"}
	}
	for p, name := range playerName {
		if s.Reason() == name+" has lost a face" {
			return game.Text{"en": s.Reason(), "fr": "le " + playerNameFr[p] + " a perdu une face"}
		}
	}
	return game.Text{"en": s.Reason()}
}
