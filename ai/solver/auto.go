package solver

import (
	"context"
	"time"

	"github.com/plateau-games/plateau/game"
)

// Auto tries the proof-number Prover, then the alpha-beta Solver, each
// on half of the budget: the prover reaches further in most positions,
// while alpha-beta also proves the draws that depend on the game's
// history (repetitions), which the prover never claims. Auto is not
// safe for concurrent use.
type Auto struct {
	pn *Prover
	ab *Solver
}

// NewAuto returns an Auto whose two tables have 2^bits entries each.
func NewAuto(bits int) *Auto { return &Auto{pn: NewProver(bits), ab: New(bits)} }

// Solve implements Interface.
func (a *Auto) Solve(ctx context.Context, s game.State, lim Limits) Result {
	start := time.Now()
	half := Limits{Nodes: (lim.Nodes + 1) / 2, Time: lim.Time / 2}
	r := a.pn.Solve(ctx, s, half)
	if r.Value != Unknown {
		return r
	}
	if lim.Time > 0 {
		half.Time = max(lim.Time-time.Since(start), time.Millisecond)
	}
	r2 := a.ab.Solve(ctx, s, half)
	r2.Nodes += r.Nodes
	r2.Elapsed = time.Since(start)
	return r2
}
