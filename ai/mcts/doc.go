// Package mcts is Monte Carlo tree search for any game.State: UCT
// selection, MCTS-Solver (proven wins, losses and draws back up as exact
// values), tree reuse from one move to the next, uniformly random
// playouts capped in length, and an optional cut-off that scores a
// playout with game.Evaluator after a few plies. Options steer wide
// nodes and playouts: moves ordered by a one-ply evaluation with
// progressive widening, RAVE, MAST, and the game's own playout policy
// (game.PlayoutMover), whose move is also tried first at every node.
//
// Rewards back up per player: every node holds the reward of the player
// who acted to reach it, so the search is correct when the same player
// acts several times in a row (Abraxas's takes and interrupts).
//
// Config.Threads above 1 grows the one tree with several threads (tree
// parallelism with virtual loss, parallel.go); with one thread a search
// under a node limit repeats exactly.
package mcts
