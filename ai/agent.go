package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/plateau-games/plateau/game"
)

// ErrNoMoves is returned by Choose for a finished position.
var ErrNoMoves = errors.New("ai: no legal move (the game is over)")

// Limits bound one search; a zero field means no bound on that measure.
// A search with no bound at all is bounded only by its context.
type Limits struct {
	Time  time.Duration // wall-clock time for the move
	Nodes int64         // MCTS iterations or alpha-beta nodes
	Depth int           // alpha-beta depth, or MCTS tree depth
}

// Agent chooses moves. Choose must leave s unchanged (it works on a
// clone) and must return a legal move of s; report, when not nil, receives
// progress as the search goes. An Agent is not safe for concurrent use:
// it may keep state (a search tree) from one move to the next.
type Agent interface {
	Choose(ctx context.Context, s game.State, report func(Info)) (game.Move, Info, error)
}

// Random plays a uniformly random legal move.
type Random struct {
	rng *rand.Rand
}

// NewRandom returns a random agent whose choices depend only on seed and
// the positions it is given.
func NewRandom(seed uint64) *Random {
	return &Random{rng: rand.New(rand.NewPCG(seed, 0x52414e44))}
}

// Choose implements Agent.
func (r *Random) Choose(_ context.Context, s game.State, report func(Info)) (game.Move, Info, error) {
	if s.Result() != game.Ongoing {
		return 0, Info{}, ErrNoMoves
	}
	m := RandomMove(s, r.rng, nil)
	info := Info{Best: m, PV: []game.Move{m}, Nodes: 1}
	if report != nil {
		report(info)
	}
	return m, info, nil
}

// RandomMove draws a uniformly random legal move of an ongoing position,
// through game.RandomMover when the state offers it. buf is scratch space.
func RandomMove(s game.State, rng *rand.Rand, buf []game.Move) game.Move {
	if rm, ok := s.(game.RandomMover); ok {
		return rm.RandomMove(rng)
	}
	moves := s.Moves(buf[:0])
	return moves[rng.IntN(len(moves))]
}

// Noisy plays a uniformly random move with probability P, and otherwise
// the move of the agent it wraps: the weakening used by low levels.
type Noisy struct {
	Agent Agent
	P     float64
	rng   *rand.Rand
}

// NewNoisy wraps a with noise p, seeded for reproducible games.
func NewNoisy(a Agent, p float64, seed uint64) (*Noisy, error) {
	if p < 0 || p > 1 {
		return nil, fmt.Errorf("ai: noise %v: want a probability from 0 to 1", p)
	}
	return &Noisy{Agent: a, P: p, rng: rand.New(rand.NewPCG(seed, 0x4e4f4953))}, nil
}

// Choose implements Agent.
func (n *Noisy) Choose(ctx context.Context, s game.State, report func(Info)) (game.Move, Info, error) {
	if s.Result() != game.Ongoing {
		return 0, Info{}, ErrNoMoves
	}
	if n.rng.Float64() < n.P {
		m := RandomMove(s, n.rng, nil)
		info := Info{Best: m, PV: []game.Move{m}, Nodes: 1}
		if report != nil {
			report(info)
		}
		return m, info, nil
	}
	return n.Agent.Choose(ctx, s, report)
}
