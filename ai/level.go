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

// ladder returns the levels of a game by name: MCTS budgets growing
// about threefold a level, uniformly random moves mixed in at levels 1
// and 2. Where a static evaluation made MCTS clearly stronger at equal
// time (Oxford, Oshi, Abraxas: see docs/strength.md), playouts stop
// after 8 plies and are scored by game.Evaluator, and level 8 is
// alpha-beta, which beat that MCTS at equal time in those games. Yoxii's
// level 8 is MCTS with the game's playout policy and ordered progressive
// widening.
// Games are named here, never imported. Options keep their game's
// ladder except where measurement found it wrong for them (see
// docs/strength.md): Oxford's beginner variant; Abraxas's boards 3 and
// 5 and push=free.
func ladder(id game.ID) [MaxLevel]Spec {
	if id.Name == "oxford" && id.Options.Get("variant", "") == "beginner" {
		return oxfordBeginner()
	}
	evaluated := false
	budgets := [MaxLevel]int64{10, 30, 100, 300, 1000, 3000, 8000, 25000}
	noise := [MaxLevel]float64{0.5, 0.2}
	switch id.Name {
	case "oxford", "oshi":
		evaluated = true
	case "abraxas":
		evaluated = true
		// In matches opened by random moves the second player wins
		// almost every Abraxas game between strong players (the random
		// plies spend the first player's opening, which takes first:
		// docs/rules/abraxas.md, "Balance"), so levels above 3000
		// iterations split their colour-swapped pairs at 50% however
		// strong they are. The ladder
		// therefore tops out at 3000 below alpha-beta and gains its steps
		// at the bottom, with mostly random moves (all steps measured,
		// docs/strength.md).
		budgets = [MaxLevel]int64{10, 10, 10, 30, 100, 1000, 3000}
		noise = [MaxLevel]float64{1, 0.75, 0.5, 0.2}
		abraxasNoise(id.Options, &noise)
	case "yoxii":
		// Threefold steps gave 63-68%; fourfold gives room above 65%.
		budgets = [MaxLevel]int64{10, 30, 120, 500, 2000, 8000, 25000}
	}
	var l [MaxLevel]Spec
	for i := range l {
		l[i] = Spec{Algo: AlgoMCTS, Limits: Limits{Nodes: budgets[i]}, Noise: noise[i]}
		if evaluated {
			l[i].Cutoff = 8
		}
	}
	if evaluated {
		l[MaxLevel-1] = Spec{Algo: AlgoAlphaBeta, Limits: Limits{Nodes: 60000}}
	}
	if id.Name == "yoxii" {
		// Yoxii is decided by trapping the totem, which random playouts
		// rarely see: the game's playout policy takes traps and avoids
		// handing them over, a low exploration constant trusts those
		// playouts, and growing each node's children in the order of
		// the evaluation tames 256 moves a turn. 91% against plain UCT at
		// equal time (docs/strength.md).
		l[MaxLevel-1] = Spec{Algo: AlgoMCTS, Limits: Limits{Nodes: yoxiiTop}, Explore: 0.2, Order: true, Widen: 3, Policy: true}
	}
	return l
}

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

// abraxasNoise changes the random share of Abraxas's low levels for the
// options where the default's steps measured below 65% (half-random
// level 3 beat level 2 only 60-64%; docs/strength.md). Combinations of
// push=free with another board take the push=free ladder, unmeasured.
func abraxasNoise(opts game.Options, noise *[MaxLevel]float64) {
	switch {
	case opts.Get("push", "") == "free":
		noise[2], noise[3] = 0.3, 0.1
	case opts.Get("board", "1") == "3":
		noise[2] = 0.35
	case opts.Get("board", "1") == "5":
		noise[1], noise[2], noise[3] = 0.65, 0.3, 0.1
	}
}

// oxfordBeginner is the ladder of Oxford's beginner variant, whose short
// games flatten the default ladder's top (3000, 8000 iterations and
// alpha-beta each beat the level below only 59-62%): the ladder starts
// from uniformly random moves, alpha-beta comes at level 7, and level 8
// is alpha-beta with 2 million nodes, the strongest found, although it
// beats level 7 only 56.5% (docs/strength.md).
func oxfordBeginner() [MaxLevel]Spec {
	mcts := func(iters int64, noise float64) Spec {
		return Spec{Algo: AlgoMCTS, Limits: Limits{Nodes: iters}, Noise: noise, Cutoff: 8}
	}
	return [MaxLevel]Spec{
		{Algo: AlgoRandom},
		mcts(10, 0.5), mcts(30, 0.2), mcts(50, 0), mcts(150, 0), mcts(1000, 0),
		{Algo: AlgoAlphaBeta, Limits: Limits{Nodes: 60000}},
		{Algo: AlgoAlphaBeta, Limits: Limits{Nodes: 2_000_000}},
	}
}
