// Package lessons holds the interactive lessons of the games as data,
// one file a game (data/<game>.json, embedded), and checks them against
// the rules engines: every step's position parses, its accepted moves
// are legal, and each wrong move it shows is refused with the game's own
// explanation (game.Explainer) or, where the game has none for it, the
// step's. No game is named in the code: a game has a lesson when its
// file exists.
package lessons
