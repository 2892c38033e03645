package oxford

import "github.com/plateau-games/plateau/game"

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
		return texts("two passes in a row")
	case "third repetition":
		return texts("third repetition")
	}
	// Each player's sentence is a text of its own: a colour's name
	// agrees with the words around it differently in each language.
	switch why {
	case playerName[0] + " has lost a face":
		return texts("red has lost a face")
	case playerName[1] + " has lost a face":
		return texts("yellow has lost a face")
	}
	return game.Text{"en": why}
}
