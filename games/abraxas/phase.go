package abraxas

import "github.com/plateau-games/plateau/game"

// Phase implements game.Phaser: Abraxas asks for a corner, a turn, takes
// from a line, or whether to interrupt a replay. The texts are built
// afresh on each call, so that no caller can change another's.
func (s *State) Phase() game.Phase {
	p := &s.p
	ph := game.Phase{Name: phaseNames[p.phase], Prompt: game.Text{"en": "{0} to move", "fr": "{0} joue"}}
	switch p.phase {
	case phaseCorner:
		ph.About = game.Text{"en": "Choosing the corner.", "fr": "Choix du coin."}
	case phasePlay:
		ph.About = game.Text{"en": "Placing.", "fr": "Pose."}
	case phaseTake:
		ph.About = game.Text{"en": "Taking from a line.", "fr": "Prise dans une ligne."}
		ph.Prompt = game.Text{"en": "{0} to take", "fr": "{0} prend"}
	case phaseInterrupt:
		ph.About = game.Text{"en": "Stop! or pass.", "fr": "Stop ! ou passer."}
		ph.Prompt = game.Text{"en": "{0}: interrupt with a stop pawn, or pass", "fr": "{0} : interrompez avec un pion stop, ou passez"}
		// The stop turn is made by clicking a hole; the button only
		// says so.
		ph.Hint = &game.Hint{
			Label: game.Text{"en": "Stop!", "fr": "Stop !"},
			Text:  game.Text{"en": "Click the empty hole for your stop pawn.", "fr": "Cliquez le trou vide pour votre pion stop."},
		}
	}
	if p.flags&flagNoStop != 0 {
		ph.About["en"] += " (no stop pawn this turn)"
		ph.About["fr"] += " (pas de pion stop ce tour)"
	}
	if p.flags&flagReplay != 0 && p.phase == phasePlay {
		ph.About["en"] += " (a replay: it earns no other)"
		ph.About["fr"] += " (un rejeu : il n'en donne pas d'autre)"
	}
	return ph
}
