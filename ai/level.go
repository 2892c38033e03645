package ai

import (
	"fmt"
	"time"

	"github.com/plateau-games/plateau/game"
)

// The level range and the level every front end offers first: the
// server's create-game default, the web page's dialog (through the
// catalog) and `plateau play --level`. 4 is the lowest level that plays
// mostly by search in every game (Abraxas's levels 1-3 mix in 50-100%
// random moves; docs/strength.md), and the middle of the range.
const (
	MinLevel     = 1
	MaxLevel     = 8
	DefaultLevel = 4
)

// levelCap bounds the thinking time of every level, so that a slow game
// never keeps a human waiting more than a few seconds; under the cap the
// node budgets make levels reproducible.
const levelCap = 5 * time.Second

// ladder returns the levels of a game id: its row of the table in
// ladders.go.
func ladder(id game.ID) [MaxLevel]Spec { return measured(id).levels() }

// The top levels first try the endgame solver (package ai/solver) with
// solveBudget nodes and play a proven win at once; anything else (a draw,
// a loss, unknown) goes to the search as before, so the solver only adds
// strength. 2000 nodes cost 1-30 ms from the start positions (Oxford
// about 10, Oshi 30, Abraxas 17, Yoxii 1), against level 8's 30-100 ms of
// alpha-beta, and prove most Yoxii positions with 12 empty squares
// (docs/strength.md, "Endgame solver").
const (
	topSolved   = MaxLevel - 2
	solveBudget = 2000
)

// yoxiiTop is the iteration budget of Yoxii's level 8: level 7's, since
// its iterations already cost more time (each expansion evaluates every
// move) and play better.
const yoxiiTop = 25000

// Level returns the spec of a level from 1 (a beginner beats it) to
// MaxLevel (the strongest configuration measured) for a game id, a name
// with or without options ("oxford", "oxford:variant=beginner").
func Level(gameID string, level int) (Spec, error) {
	if level < MinLevel || level > MaxLevel {
		return Spec{}, fmt.Errorf("ai: level %d: want %d to %d", level, MinLevel, MaxLevel)
	}
	id, err := game.ParseID(gameID)
	if err != nil {
		return Spec{}, fmt.Errorf("ai: level %d: %w", level, err)
	}
	sp := ladder(id)[level-1]
	sp.Level = level
	if level > topSolved {
		sp.Solve = solveBudget
	}
	if sp.Limits.Time == 0 || sp.Limits.Time > levelCap {
		sp.Limits.Time = levelCap
	}
	return sp, nil
}
