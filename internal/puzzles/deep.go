package puzzles

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/plateau-games/plateau/ai/solver"
	"github.com/plateau-games/plateau/game"
)

// ExhaustivePlies is the longest win puzzle proved by exhaustive search;
// a longer one (a deep puzzle) is proved by the solvers: its solution is
// the only move proved to win, every other proved not to (proveDeep).
const ExhaustivePlies = 3

// DeepNodes is the node budget of each proof of a deep puzzle: one a
// legal move, and the winner's strategy after the solution. A node
// budget, not a time, and fresh tables, so that a puzzle proved once is
// proved on every machine.
const DeepNodes = 200_000

// followNodes bounds the walk that measures a deep puzzle's plies.
const followNodes = 5_000_000

// maxDeepPlies bounds the plies of a deep puzzle.
const maxDeepPlies = 40

// errNotDeep is why a position is not a deep puzzle.
var errNotDeep = errors.New("no move alone is proved to win")

// proveDeep proves that one move alone wins in s: the solver (an Auto,
// which holds the prover) proves it wins and every other move does not
// (solver.Winning). It returns that move and the fewest decisions (the
// move counted) within which the prover's strategy after it wins against
// every defence, walked move by move with the rules (follow): a bound
// the solver's own line length is not, since a table may lose an entry.
// The solvers' tables, fresh, have 2^bits entries.
func proveDeep(ctx context.Context, s game.State, bits int) (game.Move, int, error) {
	sv := solver.NewAuto(bits)
	// Most positions are no proved win: one solve says so before a solve
	// a move.
	if r := sv.Solve(ctx, s, solver.Limits{Nodes: DeepNodes}); r.Value != solver.Win {
		return 0, 0, errNotDeep
	}
	n := int64(len(s.Moves(nil)))
	m, ok := solver.Winning(ctx, sv, s, solver.Limits{Nodes: DeepNodes * n})
	if !ok {
		return 0, 0, errNotDeep
	}
	c := s.Clone()
	me := c.ToAct()
	c.Play(m)
	if c.Result() != game.Ongoing {
		return m, 1, nil
	}
	_, strategy := solver.NewProver(bits).Strategy(ctx, c, me, solver.Limits{Nodes: DeepNodes})
	if strategy == nil {
		return 0, 0, fmt.Errorf("%s: no strategy proved within %d nodes", s.FormatMove(m), DeepNodes)
	}
	for plies := 1; plies < maxDeepPlies; plies++ {
		f := newForced(c, plies, followNodes)
		f.p, f.strategy = me, strategy
		if f.win(plies) {
			return m, plies + 1, nil
		}
		if f.over {
			break
		}
	}
	return 0, 0, fmt.Errorf("%s: its strategy wins within no bound walked", s.FormatMove(m))
}

// strategic is win at a node where f.p acts and follows f.strategy: its
// move there, or else a move that wins at once.
func (f *forced) strategic(plies int) bool {
	s := f.s
	legal := s.Moves(nil)
	if txt, ok := f.strategy[s.Hash()]; ok {
		m, err := s.ParseMove(txt)
		if err != nil || !slices.Contains(legal, m) {
			return false
		}
		s.Play(m)
		w := f.win(plies - 1)
		s.Undo()
		return w
	}
	for _, m := range legal {
		s.Play(m)
		w, ok := s.Result().Winner()
		s.Undo()
		if ok && w == f.p {
			return true
		}
	}
	return false
}

// findDeep looks at played's position (read from its string, as the
// puzzle will be) for a deep puzzle: one move alone proved to win, in
// more decisions than the exhaustive miner's cfg.MaxPlies.
func findDeep(ctx context.Context, reg *game.Registry, played game.State, cfg MineConfig) (Puzzle, bool) {
	s, err := reg.New(cfg.Game, played.String())
	if err != nil || s.Result() != game.Ongoing {
		return Puzzle{}, false
	}
	m, plies, err := proveDeep(ctx, s, saveBits)
	if err != nil || plies <= cfg.MaxPlies || plies <= ExhaustivePlies {
		return Puzzle{}, false
	}
	pos := s.String()
	n := len(s.Moves(nil))
	return Puzzle{
		ID: ID(cfg.Game, pos), Game: cfg.Game, Position: pos, Solution: s.FormatMove(m), Plies: plies, Moves: n,
		Tags: Tags(s, m, plies, cfg.Themes), Rating: guessRating(plies, n),
	}, true
}

// verifyDeep proves a deep puzzle again: m is the only winning move of
// s, and wins within plies decisions.
func verifyDeep(s game.State, m game.Move, plies int) error {
	got, n, err := proveDeep(context.Background(), s, saveBits)
	switch {
	case err != nil:
		return err
	case got != m:
		return fmt.Errorf("%s is the only winning move, want %s", s.FormatMove(got), s.FormatMove(m))
	case n != plies:
		return fmt.Errorf("%s wins within %d plies, want %d", s.FormatMove(m), n, plies)
	}
	return nil
}
