package game

// Explainer is implemented by states that can say which rule forbids a
// move, so that a refused click or typed move names the rule instead of
// only saying "illegal" ("d3 cannot go back to d2 this turn: impasse").
// Explain may be given a legal move, a move that does not parse or a
// partial one (the squares clicked so far); it returns nil when it has
// nothing more precise to say than that the move is not legal.
type Explainer interface {
	Explain(move string) Text
}

// Reasoner is implemented by states that say why the game ended in every
// language: Reason's few words, translated ("seven points", "sept
// points"). ReasonText is nil while the game is ongoing.
type Reasoner interface {
	ReasonText() Text
}

// Explain returns why s refuses move, when s is an Explainer that knows;
// nil otherwise, and for a move that is legal.
func Explain(s State, move string) Text {
	e, ok := s.(Explainer)
	if !ok {
		return nil
	}
	if m, err := s.ParseMove(move); err == nil && s.Result() == Ongoing && isLegal(s, m) {
		return nil
	}
	return e.Explain(move)
}

// ReasonText returns why s ended in every language: the Reasoner's text,
// or the English Reason alone for a state that is no Reasoner.
func ReasonText(s State) Text {
	if r, ok := s.(Reasoner); ok {
		if t := r.ReasonText(); t != nil {
			return t
		}
	}
	if why := s.Reason(); why != "" {
		return Text{"en": why}
	}
	return nil
}

func isLegal(s State, m Move) bool {
	for _, l := range s.Moves(nil) {
		if l == m {
			return true
		}
	}
	return false
}

// TakenCounter is implemented by games whose moves take pieces off the
// board. Taken counts the pieces taken so far by both players, so that a
// front end tells a capture from a plain move (a sound, a word) by
// comparing it before and after a move, without knowing the game.
type TakenCounter interface {
	Taken() int
}
