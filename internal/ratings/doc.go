// Package ratings rates the players of Plateau with Glicko-2 (Mark
// Glickman, "Example of the Glicko-2 system", 2013), one rating per
// player and rating pool (Group: a game, or a game with the options that
// make another game of it), and places the AI levels on the same scale.
//
// Every rated game is a rating period of its own for its two players
// (Game), as on lichess, so that a rating moves after every game; between
// games a player's deviation grows with the time away (Idle: one Period,
// a week, is one rating period without games), up to a newcomer's 350.
// A rating whose deviation is above ProvisionalRD (110) is provisional.
//
// The package is arithmetic only: the store keeps the ratings and applies
// each game's update once, in the transaction that marks the game rated
// (docs/ratings.md).
package ratings
