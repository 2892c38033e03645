package server

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/room/aipool"
)

// Mover chooses the moves of AI seats (aipool.Mover).
type Mover = aipool.Mover

// RandomMover plays a uniformly random legal move at every level
// (aipool.RandomMover), labelled "random stand-in" in the catalog.
type RandomMover = aipool.RandomMover

// RandomMoverName is how the catalog labels RandomMover.
const RandomMoverName = aipool.RandomMoverName

// LevelDescriber is a Mover that says itself what its levels do, when
// it plays them otherwise than ai.Level says (agent.KeptMover's top
// strength): the catalog then shows its words, not ai.Describe's.
type LevelDescriber interface {
	Describe(gameID string, level int) (game.Text, error)
}
