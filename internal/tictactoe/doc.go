// Package tictactoe is a complete, tiny game used to test the game core,
// the AI and the server without depending on a real rules engine.
//
// Squares a1..c3; moves are the square (e.g. "b2"); the position is three
// rows, rank 3 first, with X, O and digits, then the side to act, x or o:
// "3/3/3 x" is the start.
package tictactoe
