package api

import "github.com/plateau-games/plateau/game"

// Position is what a position alone decides of a View: whose turn, the
// legal moves, the phase, the scores and, once over, the result by the
// rules. The server fills a View's fields from the same state, and the
// engine's `view` command prints a Position, so that a client playing on
// its own device (no server) renders the very same page.
type Position struct {
	Position   string    `json:"position"`
	ToAct      int       `json:"toAct"`
	Result     string    `json:"result"` // ongoing, first, second or draw
	Reason     string    `json:"reason"`
	ReasonText game.Text `json:"reasonText,omitempty"`
	Scores     [2]int    `json:"scores"`
	Taken      *int      `json:"taken,omitempty"`
	Legal      []string  `json:"legal"` // sorted; empty when the game is over
	Phase      *Phase    `json:"phase,omitempty"`
}

// PositionOf describes s.
func PositionOf(s game.State) Position {
	p := Position{Position: s.String(), ToAct: int(s.ToAct()), Result: s.Result().String(),
		Reason: s.Reason(), Scores: s.Scores(), Legal: []string{}, Phase: PhaseOf(s)}
	if s.Result() == game.Ongoing {
		p.Legal = game.MoveStrings(s)
	} else {
		p.ReasonText = game.ReasonText(s)
	}
	if tc, ok := s.(game.TakenCounter); ok {
		n := tc.Taken()
		p.Taken = &n
	}
	return p
}

// PhaseOf returns the phase of a state, or nil for a game without phases.
func PhaseOf(s game.State) *Phase {
	p, ok := s.(game.Phaser)
	if !ok {
		return nil
	}
	ph := p.Phase()
	v := &Phase{Name: ph.Name, About: ph.About, Prompt: ph.Prompt}
	if ph.Hint != nil {
		v.Hint = &Hint{Label: ph.Hint.Label, Text: ph.Hint.Text}
	}
	return v
}
