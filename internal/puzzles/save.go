package puzzles

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/plateau-games/plateau/ai/solver"
	"github.com/plateau-games/plateau/game"
)

// SaveNodes is the node budget of the solver that proves a save
// puzzle's solution not lost. A node budget, not a time, so that a
// puzzle proved once is proved on every machine.
const SaveNodes = 2_000_000

// saveBits sizes the solver's tables: a fresh pair for each proof, so
// that the proof does not depend on what was solved before.
const saveBits = 18

// errNotSaved is why a save puzzle's solution fails: it is lost, or not
// proved otherwise within SaveNodes.
var errNotSaved = errors.New("the solution is not proved to save the game")

// verifySave proves a save puzzle: every move of s but m lets the
// opponent force a win within plies decisions (the move counted), by
// exhaustive search, and m is proved not lost by the solver.
func verifySave(s game.State, m game.Move, plies int) error {
	alive, _ := survivors(s, plies, 0)
	if !slices.Contains(alive, m) {
		return fmt.Errorf("%w: %s loses within %d plies", errNotSaved, s.FormatMove(m), plies)
	}
	for _, a := range alive {
		if a != m {
			return fmt.Errorf("%s also escapes a loss within %d plies, want only %s", s.FormatMove(a), plies, s.FormatMove(m))
		}
	}
	return notLost(context.Background(), solver.NewAuto(saveBits), s, m)
}

// notLost proves by sv that m does not lose for the player to act in s:
// after it, the game is won or drawn, or the solver proves a draw or a
// win.
func notLost(ctx context.Context, sv solver.Interface, s game.State, m game.Move) error {
	c := s.Clone()
	me := c.ToAct()
	c.Play(m)
	if r := c.Result(); r != game.Ongoing {
		if w, ok := r.Winner(); ok && w != me {
			return fmt.Errorf("%w: %s ends the game lost", errNotSaved, s.FormatMove(m))
		}
		return nil
	}
	switch r := sv.Solve(ctx, c, solver.Limits{Nodes: SaveNodes}); {
	case r.Value == solver.Unknown:
		return fmt.Errorf("%w: no proof within %d nodes", errNotSaved, SaveNodes)
	case r.Value != solver.Draw && (r.Value == solver.Win) == (c.ToAct() != me):
		return fmt.Errorf("%w: %s is proved lost", errNotSaved, s.FormatMove(m))
	}
	return nil
}

// survivors returns the moves of s after which the opponent of the
// player to act does not force a win within plies decisions in all (the
// move itself counted), and false when the node limit ran out first
// (limit <= 0: no limit). s is left unchanged.
func survivors(s game.State, plies int, limit int64) ([]game.Move, bool) {
	c := s.Clone()
	f := newForced(c, plies, limit)
	f.p = c.ToAct().Other()
	var out []game.Move
	for _, m := range c.Moves(nil) {
		c.Play(m)
		lost := f.win(plies - 1)
		c.Undo()
		if f.over {
			return nil, false
		}
		if !lost {
			out = append(out, m)
		}
	}
	return out, true
}

// findSave looks for the shortest horizon within which every move of
// played's position (read from its string, without the game's history,
// as the puzzle will be) but one loses, then asks solver.Saving, within
// cfg.Nodes, to prove that one not lost and the others lost; the puzzle
// is kept only when the check of a shipped puzzle (notLost, on fresh
// tables) proves it too.
func findSave(ctx context.Context, reg *game.Registry, sv solver.Interface, played game.State, cfg MineConfig) (Puzzle, bool) {
	s, err := reg.New(cfg.Game, played.String())
	if err != nil || s.Result() != game.Ongoing {
		return Puzzle{}, false
	}
	moves := s.Moves(nil)
	if len(moves) < 2 {
		return Puzzle{}, false
	}
	for plies := 1; plies <= cfg.MaxPlies+1; plies++ {
		alive, ok := survivors(s, plies, cfg.Nodes)
		if !ok || len(alive) == 0 {
			return Puzzle{}, false
		}
		if len(alive) > 1 {
			continue
		}
		m, saved := solver.Saving(ctx, sv, s, solver.Limits{Nodes: cfg.Nodes})
		if !saved || m != alive[0] || notLost(ctx, solver.NewAuto(saveBits), s, m) != nil {
			return Puzzle{}, false
		}
		pos := s.String()
		return Puzzle{
			ID: ID(cfg.Game, pos), Game: cfg.Game, Kind: KindSave, Position: pos,
			Solution: s.FormatMove(m), Plies: plies, Moves: len(moves),
			Tags: SaveTags(s, m, cfg.Themes), Rating: guessRating(plies, len(moves)),
		}, true
	}
	return Puzzle{}, false
}
