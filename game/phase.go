package game

import "fmt"

// Phase describes the decision a position asks for, for front ends that
// show it: a side panel's line, a terminal's prompt, a button.
type Phase struct {
	// Name is a stable word for programs ("corner", "play", "take").
	Name string
	// About says in a few words what is going on ("Taking from a line.").
	About Text
	// Prompt asks the player to act, {0} standing for the player's name
	// ("{0} to take").
	Prompt Text
	// Hint, when not nil, is a button a graphical front end shows in this
	// phase; pressing it only explains how to make a move that has no
	// button of its own (Abraxas's Stop!).
	Hint *Hint
}

// Hint is a button that explains.
type Hint struct {
	Label Text // the button's label ("Stop!")
	Text  Text // what pressing it says
}

// Phaser is implemented by states whose decisions are of several kinds
// that front ends describe differently. A state that is not a Phaser
// always asks for an ordinary move.
type Phaser interface {
	Phase() Phase
}

// Check reports the first missing name or text of a phase.
func (p Phase) Check() error {
	if p.Name == "" {
		return fmt.Errorf("game: a phase has no name")
	}
	if err := p.About.Check("phase " + p.Name + " about"); err != nil {
		return err
	}
	if err := p.Prompt.Check("phase " + p.Name + " prompt"); err != nil {
		return err
	}
	if p.Hint == nil {
		return nil
	}
	if err := p.Hint.Label.Check("phase " + p.Name + " hint label"); err != nil {
		return err
	}
	return p.Hint.Text.Check("phase " + p.Name + " hint text")
}
