// Package tournaments holds the pairing engines and standings of
// Plateau's events: round robin (Berger tables, automatic divisions of
// at most ten by rating), Swiss, arena, knock-out and leagues with
// promotion and relegation. Every engine is a pure function of the
// players, their past games and the organiser's settings, so that the
// runner can decide a round in the database exactly once and any server
// recomputes the same answer.
//
// Where the game lab measured a first-player edge for a game and its
// options, a pairing is a colour-swapped pair of games (each player
// starts one); elsewhere it is one game and who starts is balanced
// across rounds. The rules are in docs/tournaments.md.
package tournaments
