package oxford

import "github.com/plateau-games/plateau/game"

// playerNameFr is playerName in French, for the reasons a game ends.
var playerNameFr = [2]string{"rouge", "jaune"}

// ReasonText implements game.Reasoner: Reason in every language.
func (s *State) ReasonText() game.Text {
	if why := s.Reason(); why != "" {
		return reasonText(why)
	}
	return nil
}

// reasonText says a reason in every language, for game.Game.Reasons;
// an unknown one stays English.
func reasonText(why string) game.Text {
	switch why {
	case "two passes in a row":
		return game.Text{"en": why, "fr": "deux passes de suite"}
	case "third repetition":
		return game.Text{"en": why, "fr": "troisième répétition"}
	}
	for p, name := range playerName {
		if why == name+" has lost a face" {
			return game.Text{"en": why, "fr": "le " + playerNameFr[p] + " a perdu une face"}
		}
	}
	return game.Text{"en": why}
}
