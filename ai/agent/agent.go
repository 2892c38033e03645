package agent

import (
	"fmt"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/alphabeta"
	"github.com/plateau-games/plateau/ai/mcts"
	"github.com/plateau-games/plateau/ai/solver"
)

// New returns a fresh agent for sp; seed overrides sp.Seed when sp has
// none, so that a match can give every game its own.
func New(sp ai.Spec, seed uint64) (ai.Agent, error) {
	if sp.Seed != 0 {
		seed = sp.Seed
	}
	if sp.Algo == ai.AlgoRandom {
		return ai.NewRandom(seed), nil
	}
	var a ai.Agent
	w, err := ai.ParseWeights(sp.Weights)
	if err != nil {
		return nil, fmt.Errorf("agent: %w %q: %w", ai.ErrBadSpec, sp, err)
	}
	switch sp.Algo {
	case ai.AlgoMCTS:
		a = mcts.New(mcts.Config{Limits: sp.Limits, Explore: sp.Explore, Cutoff: sp.Cutoff, Weights: w,
			Cap: sp.Cap, Scale: sp.Scale, Order: sp.Order, Widen: sp.Widen, Rave: sp.Rave, Mast: sp.Mast, Policy: sp.Policy, MultiPV: sp.MultiPV, Threads: sp.Threads, Seed: seed})
	case ai.AlgoAlphaBeta:
		cfg := alphabeta.Config{Limits: sp.Limits, MultiPV: sp.MultiPV, Threads: sp.Threads, Weights: w}
		if sp.Net != "" && sp.Value == nil {
			return nil, fmt.Errorf("agent: %w %q: the network is not loaded (net.LoadSpec)", ai.ErrBadSpec, sp)
		}
		cfg.Value = sp.Value
		a = alphabeta.New(cfg)
	default:
		return nil, fmt.Errorf("agent: %w %q: unknown algorithm %q", ai.ErrBadSpec, sp, sp.Algo)
	}
	if sp.Solve > 0 || sp.SolveTime > 0 || sp.Prove > 0 {
		sa := solver.NewAgent(a, solver.Limits{Nodes: sp.Solve, Time: sp.SolveTime})
		if sp.SolveTime > 0 {
			sa.Total = sp.Limits.Time
		}
		if sp.Prove > 0 {
			sa.WithProver(solver.Limits{Nodes: sp.Prove})
		}
		a = sa
	}
	if sp.Noise > 0 {
		return ai.NewNoisy(a, sp.Noise, seed)
	}
	return a, nil
}

// Parse reads a spec for a game id (see ai.ParseSpec) and builds it.
func Parse(text, gameID string, seed uint64) (ai.Agent, ai.Spec, error) {
	sp, err := ai.ParseSpec(text, gameID)
	if err != nil {
		return nil, ai.Spec{}, err
	}
	a, err := New(sp, seed)
	return a, sp, err
}
