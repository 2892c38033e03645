package game

import "math/rand/v2"

// Move is one decision of the player to act, encoded by its game. Its bits
// mean nothing outside the State that produced it; Move(0) is a valid move
// in some games, so games never use it as a "no move" marker in the API.
type Move uint64

// State is a position together with the history needed to undo moves and
// to detect repetitions. A State is not safe for concurrent use; Clone it.
type State interface {
	// ToAct returns the player who makes the next decision. In Abraxas
	// it is not always the player whose turn it is.
	ToAct() Player
	// Moves appends every legal move to dst and returns it. A finished
	// game has no moves. The order is the game's own and is stable.
	Moves(dst []Move) []Move
	// Play makes a legal move; a move that is not legal is a programmer
	// error and may corrupt the state (use PlayChecked for input).
	Play(m Move)
	// Undo takes back the last move played on this State. It panics when
	// there is none.
	Undo()
	// Result reports the outcome, Ongoing while the game lasts.
	Result() Result
	// Hash is a Zobrist hash of everything the position string holds,
	// updated incrementally.
	Hash() uint64
	// Clone returns an independent copy, history included.
	Clone() State
	// String returns the position string of the spec.
	String() string
	// FormatMove returns the canonical string of a move of this position.
	FormatMove(m Move) string
	// ParseMove reads a move string in the context of this position. It
	// returns an error wrapping ErrBadMove for malformed text; it may
	// return a move that is not legal here (PlayChecked tells).
	ParseMove(s string) (Move, error)
	// Scores returns each player's score as the game counts it (points,
	// taken pawns, totem sums); informative, for displays.
	Scores() [2]int
	// Reason explains a finished game in a few words ("seven points",
	// "third repetition"); it is "" while the game is ongoing.
	Reason() string
}

// RandomMover is implemented by states that can draw a uniformly random
// legal move faster than by generating the whole list. It is only called
// on ongoing positions.
type RandomMover interface {
	RandomMove(r *rand.Rand) Move
}

// PlayoutMover is implemented by states that offer a cheap heuristic
// move for Monte Carlo playouts, better than a uniformly random one: for
// example one that takes an immediate win. It must return a legal move,
// and is only called on ongoing positions.
type PlayoutMover interface {
	PlayoutMove(r *rand.Rand) Move
}

// MoveCounter is implemented by states that count their legal moves
// faster than by generating them; perft uses it at the last ply.
type MoveCounter interface {
	CountMoves() int
}

// RepetitionSwitch is implemented by the games that end on a third
// repetition. Perft turns the rule off, as the spec requires.
type RepetitionSwitch interface {
	SetRepetition(on bool)
}

// Evaluator is implemented by states with a static evaluation for search:
// a score from the view of the player to act, positive when that player
// stands better, within (-EvalWin, EvalWin).
type Evaluator interface {
	Evaluate() int
}

// EvalWin bounds Evaluate; search scores proven wins beyond it.
const EvalWin = 1_000_000

// Featurer is implemented by Evaluators whose evaluation is a weighted
// sum of features, so that the weights can be tuned from games and tried
// in search: Evaluate() equals the sum of EvalWeights()[i]*f[i], rounded
// to the nearest integer, for f = Features(nil).
type Featurer interface {
	// Features appends the terms of the evaluation, from the view of
	// the player to act, to dst and returns it; one per weight.
	Features(dst []float64) []float64
	// EvalWeights returns the weights compiled into Evaluate, a fresh
	// slice the caller may change.
	EvalWeights() []float64
	// FeatureNames names the features, in their order, for reports.
	FeatureNames() []string
}

// WeightedSum is the integer evaluation of features f under weights w,
// for a Featurer's Evaluate (the two have the same length).
func WeightedSum(f, w []int) int {
	v := 0
	for i, x := range w {
		v += x * f[i]
	}
	return v
}

// AppendFloats appends xs to dst as float64s, for a Featurer's Features
// and EvalWeights.
func AppendFloats(dst []float64, xs []int) []float64 {
	for _, x := range xs {
		dst = append(dst, float64(x))
	}
	return dst
}

// Drawer is implemented by states that draw themselves for a terminal:
// the board with coordinates and every field of the position in words.
// With color, ANSI colours may be used; without, the drawing must still be
// unambiguous.
type Drawer interface {
	Draw(color bool) string
}

// Marker is implemented by Drawers that can mark on the board what the
// last moves did, so that a player sees at once what was just played:
// a turn of several moves (Abraxas) is marked as one.
type Marker interface {
	// DrawLast draws as Draw does, with the squares that the last n
	// moves of the state's history changed marked by MarkCell (n beyond
	// the history marks all of it; 0 marks nothing).
	DrawLast(color bool, n int) string
}
