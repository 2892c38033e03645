package aipool

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/plateau-games/plateau/game"
)

// Mover chooses the moves of AI seats. Move gets a clone of the position
// it may keep, the game's id with its options ("oshi",
// "oxford:variant=beginner") and the seat's level (1-8); its
// context ends when the move's time budget is spent, and it should then
// return its best move so far rather than an error.
type Mover interface {
	Move(ctx context.Context, gameID string, s game.State, level int) (game.Move, error)
}

// RandomMover plays a uniformly random legal move at every level. It is
// the stand-in used until the real AI is wired, and is labelled as such
// in the catalog ("random stand-in").
type RandomMover struct{}

// RandomMoverName is how the catalog labels RandomMover.
const RandomMoverName = "random stand-in"

var errNoMove = errors.New("aipool: no legal move")

// Move implements Mover.
func (RandomMover) Move(_ context.Context, _ string, s game.State, _ int) (game.Move, error) {
	if rm, ok := s.(game.RandomMover); ok && s.Result() == game.Ongoing {
		return rm.RandomMove(rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))), nil
	}
	moves := s.Moves(nil)
	if len(moves) == 0 {
		return 0, errNoMove
	}
	return moves[rand.IntN(len(moves))], nil
}
