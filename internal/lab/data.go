package lab

import (
	"embed"
	"io/fs"
	"path"
)

// data holds the published measurements, one file per game, written by
// `plateau lab --merge internal/lab/data/<game>.json` (docs/lab.md).
//
//go:embed data
var data embed.FS

// Data returns the published JSON of a game by name (a File), and false
// when the lab has none for it.
func Data(name string) ([]byte, bool) {
	if name == "" || path.Base(name) != name || name == "." || name == ".." {
		return nil, false
	}
	b, err := fs.ReadFile(data, "data/"+name+".json")
	return b, err == nil
}
