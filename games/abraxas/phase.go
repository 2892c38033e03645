package abraxas

import "github.com/plateau-games/plateau/game"

// Phase implements game.Phaser: Abraxas asks for a corner, a turn, takes
// from a line, or whether to interrupt a replay. The texts are built
// afresh on each call, so that no caller can change another's.
func (s *State) Phase() game.Phase {
	p := &s.p
	ph := game.Phase{Name: phaseNames[p.phase], Prompt: texts("{0} to move")}
	switch p.phase {
	case phaseCorner:
		ph.About = texts("Choosing the corner.")
	case phasePlay:
		ph.About = texts("Placing.")
	case phaseTake:
		ph.About = texts("Taking from a line.")
		ph.Prompt = texts("{0} to take")
	case phaseInterrupt:
		ph.About = texts("Stop! or pass.")
		ph.Prompt = texts("{0}: interrupt with a stop pawn, or pass")
		// The stop turn is made by clicking a hole; the button only
		// says so.
		ph.Hint = &game.Hint{
			Label: texts("Stop!"),
			Text:  texts("Click the empty hole for your stop pawn."),
		}
	}
	if p.flags&flagNoStop != 0 {
		ph.About = join(ph.About, texts("(no stop pawn this turn)"))
	}
	if p.flags&flagReplay != 0 && p.phase == phasePlay {
		ph.About = join(ph.About, texts("(a replay: it earns no other)"))
	}
	return ph
}

// join says a and then b, in each language a says.
func join(a, b game.Text) game.Text {
	out := game.Text{}
	for lang, s := range a {
		out[lang] = s + " " + b.In(lang)
	}
	return out
}
