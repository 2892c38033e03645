package server

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"
)

// gzipCache holds the gzipped bodies of the static files, compressed
// once on first request: the files are embedded and never change while
// the server runs.
type gzipCache struct {
	fsys fs.FS
	mu   sync.Mutex
	m    map[string][]byte // nil value: not worth compressing
}

// compressible reports the types worth gzipping: text, and WebAssembly,
// which gzip shrinks to under a third.
func compressible(name string) bool {
	switch path.Ext(name) {
	case ".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".map", ".webmanifest", ".wasm":
		return true
	}
	return false
}

// get returns the gzipped file, or nil.
func (c *gzipCache) get(name string) []byte {
	if !compressible(name) {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if b, ok := c.m[name]; ok {
		return b
	}
	raw, err := fs.ReadFile(c.fsys, name)
	var z []byte
	if err == nil && len(raw) > 512 {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, werr := zw.Write(raw)
		if cerr := zw.Close(); werr == nil && cerr == nil && buf.Len() < len(raw) {
			z = buf.Bytes()
		}
	}
	c.m[name] = z
	return z
}

// serve answers with the gzipped file when the client accepts it; it
// reports false when the caller must serve the file as it is. tag is
// the file's entity tag: the gzipped bytes are another representation,
// with a tag of their own.
func (c *gzipCache) serve(w http.ResponseWriter, r *http.Request, name, tag string) bool {
	if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		return false
	}
	z := c.get(name)
	if z == nil {
		return false
	}
	h := w.Header()
	h.Set("Content-Encoding", "gzip")
	if tag != "" {
		h.Set("ETag", `"`+tag+`.gz"`)
	}
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		h.Set("Content-Type", ct)
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(z))
	return true
}
