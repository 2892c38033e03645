package abraxas

import "github.com/plateau-games/plateau/game"

// reasonTexts are the reasons a game ends, in every language.
var reasonTexts = []game.Text{
	texts("third repetition"),
	texts("eleven pawns taken"),
}

// reasonText says a reason in every language, for game.Game.Reasons.
func reasonText(why string) game.Text {
	for _, t := range reasonTexts {
		if t["en"] == why {
			return t
		}
	}
	return nil
}

// ReasonText implements game.Reasoner: Reason in every language.
func (s *State) ReasonText() game.Text {
	return reasonText(s.Reason())
}

// Taken implements game.TakenCounter: the red pawns both players took.
func (s *State) Taken() int { return int(s.p.taken[0]) + int(s.p.taken[1]) }
