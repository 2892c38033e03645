package lab

import (
	"io/fs"

	"github.com/plateau-games/plateau/game"
)

// DataFile is the name of a game's published measurements in its
// game.Game.Data (games/<game>/data/lab.json), written by `plateau lab
// --merge games/<game>/data/lab.json` (docs/lab.md).
const DataFile = "lab.json"

// Data returns the published JSON of a game (a File), and false when
// the game has none.
func Data(g game.Game) ([]byte, bool) {
	if g.Data == nil {
		return nil, false
	}
	b, err := fs.ReadFile(g.Data, DataFile)
	return b, err == nil
}
