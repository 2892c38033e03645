package agent

import (
	"context"
	"math/rand/v2"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// LevelMover plays a game's level, for a server's AI seats: each call
// builds a fresh agent for ai.Level(gameID, level), so a LevelMover
// is safe for concurrent use. The context bounds the search; when it
// ends, the best move so far is played.
type LevelMover struct{}

// Move chooses a move of s (which it may change: the caller passes a
// clone) for the named game at the given level, 1 to ai.MaxLevel.
func (LevelMover) Move(ctx context.Context, gameID string, s game.State, level int) (game.Move, error) {
	sp, err := ai.Level(gameID, level)
	if err != nil {
		return 0, err
	}
	a, err := New(sp, rand.Uint64())
	if err != nil {
		return 0, err
	}
	m, _, err := a.Choose(ctx, s, nil)
	return m, err
}
