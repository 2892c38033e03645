// Package puzzles finds, proves and serves the puzzles of every game:
// positions from AI games where exactly one move forces a win within a
// few decisions, or ("save the game", KindSave) where every move but one
// loses and the endgame solver proves that one not lost. The proof is an exhaustive search over game.State (no
// game is named here); the mined puzzles of each game, with the game's
// themes, live as data beside its rules (games/<game>/data/puzzles.json
// and themes.json), which the game embeds and gives as game.Game.Data.
package puzzles
