package main

import (
	"context"
	"fmt"
	"time"

	"github.com/plateau-games/plateau/ai/solver"
	"github.com/plateau-games/plateau/game"
)

func cmdSolve(e *env, args []string) int {
	fs := newFlags(e, "solve", "GAME [POSITION]", `
Prove the result of POSITION (default: the start position) for the player
to act with the endgame solver, and print
"result win|draw|loss|unknown best MOVE plies N nodes N time T": unknown
when --time or --nodes ran out first. plies is the length of the proven
line to the end.

With --bench, POSITION is not read: --games self-play games of level:2
against itself are played, and the position k plies before each game's
end is solved within --time for k = 1, 2, ... One line per k gives how
many were proved, the median time (an unproved position counts as over
the limit), and the median number of empty squares (the digits of the
position's board field: Yoxii's empty squares) and of the leader's score
(Abraxas's taken pawns, Oshi's points). It stops after --max-k or when
fewer than half are proved. --empty N solves instead, in each game that
has one, the ongoing position with N empty squares, and prints how many
were proved with the median and largest times. --method pn uses the
proof-number prover (df-pn) instead of alpha-beta. docs/strength.md
gives the figures.`)
	limit := fs.Duration("time", time.Second, "time limit of one solve")
	nodes := fs.Int64("nodes", 0, "node limit of one solve (0: none)")
	bench := fs.Bool("bench", false, "measure how far from the end self-play positions are solved")
	games := fs.Int("games", 20, "--bench: number of self-play games")
	maxK := fs.Int("max-k", 40, "--bench: largest number of plies before the end")
	seed := fs.Uint64("seed", 1, "--bench: seed of the self-play games")
	method := fs.String("method", "ab", "solver: ab (alpha-beta) or pn (proof-number)")
	empty := fs.Int("empty", 0, "--bench: solve instead the position of each game with this many empty squares")
	pos, st, done := parseInterleaved(e, fs, args)
	if done {
		return st
	}
	if len(pos) < 1 || *limit <= 0 || *nodes < 0 || (*method != "ab" && *method != "pn") {
		return fail(e, fmt.Errorf("%w: plateau solve [--time D] [--nodes N] GAME [POSITION]", errUsage))
	}
	lim := solver.Limits{Nodes: *nodes, Time: *limit}
	if *bench {
		return solveBench(e, pos[0], lim, benchConfig{games: *games, maxK: *maxK, empty: *empty, seed: *seed, method: *method})
	}
	s, err := e.reg.New(gameArgs(pos))
	if err != nil {
		return fail(e, err)
	}
	r := newSolver(*method, 22).Solve(context.Background(), s, lim)
	best := "-"
	if r.Value != solver.Unknown && s.Result() == game.Ongoing {
		best = s.FormatMove(r.Best)
	}
	fmt.Fprintf(e.stdout, "result %v best %s plies %d nodes %d time %v\n", r.Value, best, r.Plies, r.Nodes, r.Elapsed.Round(time.Microsecond))
	return exitOK
}

// newSolver returns the solver a --method names.
func newSolver(method string, bits int) solver.Interface {
	if method == "pn" {
		return solver.NewProver(bits)
	}
	return solver.New(bits)
}
