package oshi

import (
	"math/bits"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// reasonTexts are the reasons in every language.
var reasonTexts = [...]game.Text{
	sevenPoints:     texts("seven points"),
	bothSeven:       texts("both reached seven points; the mover loses"),
	twoPasses:       texts("two passes in a row"),
	thirdRepetition: texts("third repetition"),
}

// reasonText says a reason in every language, for game.Game.Reasons.
func reasonText(why string) game.Text {
	for _, t := range reasonTexts {
		if t != nil && t["en"] == why {
			return t
		}
	}
	return nil
}

// ReasonText implements game.Reasoner.
func (s *State) ReasonText() game.Text {
	if s.reason == ongoing {
		return nil
	}
	return reasonTexts[s.reason]
}

// Explain implements game.Explainer: the rule a move from one square to
// another breaks, the impasse rule first since nothing on the board
// shows it. A lone square gets whose piece stands there.
func (s *State) Explain(move string) game.Text {
	move = strings.ToLower(move)
	if (len(move) != 2 && len(move) != 4) || s.result != game.Ongoing {
		return nil
	}
	from, ok1 := parseSquare(move[:2])
	to, ok2 := parseSquare(move[2:])
	if !ok1 || (!ok2 && len(move) == 4) {
		return nil
	}
	p := s.board[from]
	switch {
	case p == 0:
		return texts("There is no piece on %s.", move[:2])
	case ownerOf(p) != s.side:
		return texts("The piece on %s is not yours.", move[:2])
	case len(move) == 2:
		return nil
	}
	for _, e := range s.imp[:s.nimp] {
		if int(e.now) == from && int(e.before) == to {
			return texts("%s cannot go back to %s this turn: impasse (a piece pushed last turn may not return to the square it was pushed from).",
				move[:2], move[2:])
		}
	}
	return s.explainStep(from, to, tierOf(p), move)
}

// explainStep explains a move the impasse rule does not forbid: a
// direction, a distance or a push too long.
func (s *State) explainStep(from, to, tier int, move string) game.Text {
	_, dist := lineStep(from, to)
	switch {
	case dist == 0:
		return texts("Pieces move in a straight line, along a file or a rank: %s and %s are on neither.", move[:2], move[2:])
	case dist > tier:
		return texts("A piece of %d tier(s) moves at most %d square(s); %s is %d away.", tier, tier, move[2:], dist)
	}
	return texts("The piece on %s cannot push that many pieces: a piece of %d tier(s) pushes a line of at most %d, and never leaves the board itself.",
		move[:2], tier, tier)
}

// Taken implements game.TakenCounter: the pieces pushed off the board.
func (s *State) Taken() int {
	n := 0
	for _, r := range s.rankOcc {
		n += bits.OnesCount16(r)
	}
	return 2*8 - n
}
