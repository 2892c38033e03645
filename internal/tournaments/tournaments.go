package tournaments

import "errors"

// Errors of the engines and of settings validation; the server maps them
// to sentences in the player's language.
var (
	ErrTooFewPlayers  = errors.New("tournaments: too few players")
	ErrTooManyPlayers = errors.New("tournaments: too many players")
	ErrBadSettings    = errors.New("tournaments: bad settings")
)

// Player is a participant as the engines see it: an id and a rating that
// seeds and sorts.
type Player struct {
	ID     string
	Rating float64
}

// Match is one pairing. First starts the first game; with Games == 2
// Second starts the second, so each plays first once. Second is empty
// for a bye.
type Match struct {
	First, Second string
	Games         int // 1, or 2 for a colour-swapped pair
}

// Bye reports whether the match is a bye (a player without opponent).
func (m Match) Bye() bool { return m.Second == "" }

// Game is a finished game as the standings see it. Score is the first
// player's result: 1 won, 0.5 drawn, 0 lost. Pair numbers the pairing
// within its round (games of one colour-swapped pair share Round and
// Pair). A forfeited game keeps its score but counts for nobody's
// tie-breaks as a played game.
type Game struct {
	Round         int
	Pair          int
	First, Second string
	Score         float64
	Forfeit       bool
}
