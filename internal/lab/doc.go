// Package lab measures games, as Ludii reports for its own: the first
// player's win rate, the draw rate, the length, the branching factor
// along the game and the decisiveness (how often the side ahead at
// mid-game wins), each with a 95% interval, from self-play at a level
// (Run) or from games played elsewhere (Replay), summed up by Summarize.
//
// It knows games only through package game and a registry, and agents
// only through package ai: the same code measures every game and every
// option. The measurements published on the rules pages live beside
// each game's rules (games/<game>/data/lab.json, read by Data through
// game.Game.Data), written by `plateau lab --merge` (docs/lab.md).
package lab
