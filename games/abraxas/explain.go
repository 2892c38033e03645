package abraxas

import (
	"strings"

	"github.com/plateau-games/plateau/game"
)

// Explain implements game.Explainer for the refusals a player meets in
// the play and interrupt phases: stop pawns not to be had, a pawn placed
// where no empty hole is, and the turn an empty pool asks for.
func (s *State) Explain(move string) game.Text {
	p := &s.p
	move = strings.ToLower(move)
	if p.result != game.Ongoing || (p.phase != phasePlay && p.phase != phaseInterrupt) || move == "" || move == "pass" {
		return nil
	}
	if text, ok := strings.CutPrefix(move, "!"); ok {
		return s.explainStop(text)
	}
	if p.phase == phaseInterrupt {
		return texts("Your opponent plays again: you may only interrupt with a stop pawn, or pass.")
	}
	sqs, _, _ := strings.Cut(move, "@")
	if len(sqs) == 2 && p.pool() == 0 {
		return texts("The pool is empty: lift a red pawn from its hole and place it in an empty hole (such as c3e5@br).")
	}
	if len(sqs) == 4 && p.pool() > 0 {
		return texts("Red pawns are moved only once the pool is empty; place one from the pool.")
	}
	if len(sqs) >= 2 {
		return s.explainHole(sqs[len(sqs)-2:])
	}
	return nil
}

// explainStop explains a stop turn refused.
func (s *State) explainStop(text string) game.Text {
	p := &s.p
	switch {
	case p.stops[p.toAct] == 0:
		return texts("You have no stop pawn left.")
	case p.flags&flagNoStop != 0:
		return texts("A stop cannot answer a stop: no stop pawn this turn.")
	}
	sq, _, _ := strings.Cut(text, "@")
	return s.explainHole(sq)
}

// explainHole explains a pawn placed on sq when sq is no empty hole.
func (s *State) explainHole(name string) game.Text {
	sq, ok := parseSquare(name)
	if !ok {
		return nil
	}
	if !plateAt[s.p.corner].has(sq) {
		return texts("%s is off the plate: pawns go in its holes.", name)
	}
	if s.p.red.or(s.p.stop).has(sq) {
		return texts("The hole on %s is taken: pawns go in an empty hole.", name)
	}
	return nil
}
