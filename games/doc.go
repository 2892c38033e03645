// Package games is the one list of the games Plateau offers. The command
// and the browser tests build their registry here, so that a new game is
// added in one line (DEVELOPERS.md, "Adding a game").
package games
