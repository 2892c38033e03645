package engine

import (
	"context"
	"fmt"
	"time"

	"github.com/plateau-games/plateau/ai/solver"
	"github.com/plateau-games/plateau/game"
)

// solveBits sizes the tables of the solve command: 64k entries each, a
// few megabytes, enough for a page's budget of a second or so.
const solveBits = 16

// defaultSolveTime bounds a solve given neither movetime nor nodes.
const defaultSolveTime = time.Second

// solve proves the current position's result for the player to act
// with the proof-number prover, then alpha-beta (solver.Auto), within
// the movetime and nodes given (default 1 s). It answers
// "solve <win|draw|loss|unknown> plies <n> best <move|->": plies is the
// length of the longest line of a proved win or loss.
func (en *Session) solve(args string) ([]string, error) {
	lim, err := parseLimits(args)
	if err != nil {
		return nil, err
	}
	if lim.depth != 0 || lim.multiPV != 0 || lim.threads != 0 || lim.level != 0 {
		return nil, fmt.Errorf("%w: usage: solve [movetime <ms>] [nodes <n>]", errProtocol)
	}
	sl := solver.Limits{Nodes: lim.nodes, Time: lim.moveTime}
	if sl.Nodes == 0 && sl.Time == 0 {
		sl.Time = defaultSolveTime
	}
	r := solver.NewAuto(solveBits).Solve(context.Background(), en.s, sl)
	best := "-"
	if r.Value != solver.Unknown && en.s.Result() == game.Ongoing {
		best = en.s.FormatMove(r.Best)
	}
	return []string{fmt.Sprintf("solve %v plies %d best %s", r.Value, r.Plies, best)}, nil
}
