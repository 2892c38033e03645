// Package mcts is Monte Carlo tree search for any game.State: UCT
// selection, MCTS-Solver (proven wins, losses and draws back up as exact
// values), tree reuse from one move to the next, uniformly random
// playouts capped in length, and an optional cut-off that scores a
// playout with game.Evaluator after a few plies.
//
// Rewards back up per player: every node holds the reward of the player
// who acted to reach it, so the search is correct when the same player
// acts several times in a row (Abraxas's takes and interrupts).
package mcts
