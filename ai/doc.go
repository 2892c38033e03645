// Package ai holds what every Plateau search shares: the Agent interface,
// search limits and progress reports, agent specs ("mcts:time=100ms",
// "ab:depth=6", "level:5"), the level table, and the two trivial agents
// (uniformly random, and noise around another agent).
//
// Everything here works over game.State only: no package under ai
// imports a specific game. Game-specific tuning is a table keyed by the
// game's name.
//
// Searches never assume that players alternate: in Abraxas the same
// player may act several times in a row, so a search compares
// State.ToAct before and after every move.
package ai
