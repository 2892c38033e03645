package ai

import (
	"fmt"
	"time"
)

// MaxLevel is the strongest level.
const MaxLevel = 8

// levelCap bounds the thinking time of every level, so that a slow game
// never keeps a human waiting more than a few seconds; under the cap the
// node budgets make levels reproducible.
const levelCap = 5 * time.Second

// ladder returns the levels of a game by name. The default ladder, for a
// game without its own, grows MCTS budgets about threefold a level, with
// noise at the bottom. Per-game ladders are chosen by measurement (see
// docs/strength.md); games are never imported, only named.
func ladder(gameName string) [MaxLevel]Spec {
	switch gameName {
	}
	return [MaxLevel]Spec{
		{Algo: AlgoMCTS, Limits: Limits{Nodes: 20}, Noise: 0.5},
		{Algo: AlgoMCTS, Limits: Limits{Nodes: 60}, Noise: 0.25},
		{Algo: AlgoMCTS, Limits: Limits{Nodes: 200}, Noise: 0.1},
		{Algo: AlgoMCTS, Limits: Limits{Nodes: 600}},
		{Algo: AlgoMCTS, Limits: Limits{Nodes: 2000}},
		{Algo: AlgoMCTS, Limits: Limits{Nodes: 6000}},
		{Algo: AlgoMCTS, Limits: Limits{Nodes: 20000}},
		{Algo: AlgoMCTS, Limits: Limits{Nodes: 60000}},
	}
}

// Level returns the spec of a level from 1 (a beginner beats it) to
// MaxLevel (the strongest configuration measured) for a game name.
func Level(gameName string, level int) (Spec, error) {
	if level < 1 || level > MaxLevel {
		return Spec{}, fmt.Errorf("ai: level %d: want 1 to %d", level, MaxLevel)
	}
	sp := ladder(gameName)[level-1]
	sp.Level = level
	if sp.Limits.Time == 0 || sp.Limits.Time > levelCap {
		sp.Limits.Time = levelCap
	}
	return sp, nil
}
