package solver

import (
	"context"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// agentTableBits sizes an Agent's table: 64k entries, 1.5 MB, enough for
// the small budgets an agent spends before its search.
const agentTableBits = 16

// Agent is an ai.Agent that tries the solver within Budget before the
// search it wraps: a proven win is played at once; a draw, a loss or an
// unknown value leaves the choice to the search, which may still set
// traps for a fallible opponent. Its table lives as long as the Agent.
type Agent struct {
	Search ai.Agent
	Budget Limits
	// Total, when set, is the move's whole time, the solve's included:
	// the search is stopped (through its context) when it runs out, so
	// that a solver given a time budget does not make the agent's moves
	// longer than its search's own limit.
	Total time.Duration
	sv    *Solver
	pn    *Prover
	pnLim Limits
}

// WithProver makes the agent try the proof-number prover within budget
// when the alpha-beta solver proves no win; it returns a.
func (a *Agent) WithProver(budget Limits) *Agent {
	a.pn, a.pnLim = NewProver(agentTableBits), budget
	return a
}

// NewAgent wraps search.
func NewAgent(search ai.Agent, budget Limits) *Agent {
	return &Agent{Search: search, Budget: budget, sv: New(agentTableBits)}
}

// Choose implements ai.Agent.
func (a *Agent) Choose(ctx context.Context, s game.State, report func(ai.Info)) (game.Move, ai.Info, error) {
	if s.Result() != game.Ongoing {
		return 0, ai.Info{}, ai.ErrNoMoves
	}
	start := time.Now()
	var r Result
	if a.Budget.Nodes > 0 || a.Budget.Time > 0 {
		r = a.sv.Solve(ctx, s, a.Budget)
	}
	if r.Value != Win && a.pn != nil {
		r = a.pn.Solve(ctx, s, a.pnLim)
	}
	if r.Value != Win {
		if a.Total > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithDeadline(ctx, start.Add(a.Total))
			defer cancel()
		}
		return a.Search.Choose(ctx, s, report)
	}
	plies := max(r.Plies, 1) // 0 when the line was not followed
	info := ai.Info{Depth: plies, Nodes: r.Nodes, Elapsed: r.Elapsed, Best: r.Best,
		Score: ai.MateScore - plies, Proven: true, PV: []game.Move{r.Best}}
	if report != nil {
		report(info)
	}
	return r.Best, info, nil
}
