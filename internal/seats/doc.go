// Package seats decides who sits where in a game (issue #13): a seat
// belongs to a player, the creator's from the start, an invited friend's
// once they accept the invite. An invite is a seat token in a link; it is
// claimed once, by the first player other than the creator who presents
// it, and the claim drops the token, so that the link only watches
// afterwards. Programs keep acting with seat tokens, or with a player's
// API keys.
//
// The package holds the decisions and their errors; the server applies
// them to a game with the game's version check, so that two players
// claiming one seat at once, on any servers, give one winner.
package seats
