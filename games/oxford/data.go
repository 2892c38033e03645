//go:build !wasm

package oxford

import "embed"

// data holds the game's content beside its rules (game.Game.Data):
// data/lessons.json, the interactive lesson (internal/lessons);
// data/puzzles.json and data/themes.json, the puzzles and their themes
// (internal/puzzles); data/lab.json, the published self-play
// measurements (internal/lab, written by plateau lab --merge).
//
//go:embed data
var data embed.FS
