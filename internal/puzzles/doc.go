// Package puzzles finds, proves and serves the puzzles of every game:
// positions from AI games where exactly one move forces a win within a
// few decisions. The proof is an exhaustive search over game.State (no
// game is named here); the mined puzzles of each game, with the game's
// themes, live as data in data/<game>/, embedded in the binary.
package puzzles
