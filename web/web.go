package web

import (
	"embed"
	"io/fs"
)

//go:generate go run ./wasmgen

//go:embed static
var static embed.FS

// FS returns the browser client's files, index.html at the root, ready
// for http.FileServerFS. The files are embedded so that the plateau binary
// serves the client without npm, a build step or a network fetch.
func FS() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		// fs.Sub fails only on an invalid path, and "static" is a
		// constant checked by the embed directive above.
		panic("web: " + err.Error())
	}
	return sub
}
