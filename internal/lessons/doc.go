// Package lessons reads the interactive lessons of the games, one file a
// game kept beside its rules (games/<game>/data/lessons.json, which the
// game embeds and gives as game.Game.Data), and checks them against the
// rules engines: every step's position parses, its accepted moves are
// legal, and each wrong move it shows is refused with the game's own
// explanation (game.Explainer) or, where the game has none for it, the
// step's. No game is named in the code: a game has a lesson when its
// file exists.
package lessons
