package screening

import (
	"context"
	"fmt"
	"math"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/game"
)

// Stats are one player's moves compared with the reference engine's.
type Stats struct {
	Moves   int     // moves with a choice (two legal moves or more)
	Matches int     // of them, the engine's first choice
	Loss    float64 // the win probability lost, summed over the moves
}

// Add adds o to s.
func (s *Stats) Add(o Stats) {
	s.Moves += o.Moves
	s.Matches += o.Matches
	s.Loss += o.Loss
}

// MatchRate is the share of moves that were the engine's first choice.
func (s Stats) MatchRate() float64 {
	if s.Moves == 0 {
		return 0
	}
	return float64(s.Matches) / float64(s.Moves)
}

// MeanLoss is the win probability lost per move.
func (s Stats) MeanLoss() float64 {
	if s.Moves == 0 {
		return 0
	}
	return s.Loss / float64(s.Moves)
}

// Reference is the engine the moves are compared with: alpha-beta at a
// fixed depth, the same on every machine and at every load.
func Reference(depth int) ai.Spec {
	return ai.Spec{Algo: ai.AlgoAlphaBeta, Limits: ai.Limits{Depth: depth}}
}

// Screener measures games against a reference engine.
type Screener struct {
	Registry  *game.Registry
	Reference ai.Spec
}

// eval is the reference's view of a position: its first choice and the
// win probability of the player to act.
type eval struct {
	best game.Move
	wp   float64
	over bool
}

func (sc *Screener) evaluate(ctx context.Context, a ai.Agent, s game.State) (eval, error) {
	if r := s.Result(); r != game.Ongoing {
		w, ok := r.Winner()
		switch {
		case !ok:
			return eval{wp: 0.5, over: true}, nil
		case w == s.ToAct():
			return eval{wp: 1, over: true}, nil
		}
		return eval{wp: 0, over: true}, nil
	}
	m, info, err := a.Choose(ctx, s, nil)
	if err != nil {
		return eval{}, fmt.Errorf("screening: %w", err)
	}
	return eval{best: m, wp: info.WinProbability()}, nil
}

// Game measures both players of one game: gameID and start as the
// store keeps them, moves in the game's notation.
func (sc *Screener) Game(ctx context.Context, gameID, start string, moves []string) ([2]Stats, error) {
	var out [2]Stats
	s, err := sc.Registry.New(gameID, start)
	if err != nil {
		return out, fmt.Errorf("screening: %w", err)
	}
	a, err := agent.New(sc.Reference, 1)
	if err != nil {
		return out, fmt.Errorf("screening: %w", err)
	}
	before, err := sc.evaluate(ctx, a, s)
	if err != nil {
		return out, err
	}
	var buf []game.Move
	for _, text := range moves {
		p := s.ToAct()
		m, err := s.ParseMove(text)
		if err != nil {
			return out, fmt.Errorf("screening: move %q: %w", text, err)
		}
		buf = s.Moves(buf[:0])
		s.Play(m)
		after, err := sc.evaluate(ctx, a, s)
		if err != nil {
			return out, err
		}
		if len(buf) > 1 { // a forced move says nothing
			out[p].Add(moveStats(before, after, m, p, s.ToAct()))
		}
		before = after
	}
	return out, nil
}

// moveStats compares one move with the reference's first choice: p
// played m; now is the player to act after it.
func moveStats(before, after eval, m game.Move, p, now game.Player) Stats {
	wp := after.wp
	if now != p {
		wp = 1 - wp
	}
	st := Stats{Moves: 1, Loss: math.Max(0, before.wp-wp)}
	if m == before.best {
		st.Matches = 1
	}
	return st
}
