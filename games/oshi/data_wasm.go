package oshi

import "embed"

// data is empty in the browser's engine (GOARCH=wasm), which plays and
// searches but shows no lesson, puzzle or measurement: the content stays
// on the server (data.go).
var data embed.FS
