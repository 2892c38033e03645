package webfiles

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"sort"
	"strings"
	"sync"
	"time"
)

// placeholder is served when the binary carries no web client.
const placeholder = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Plateau</title></head>
<body>
<h1>Plateau</h1>
<p>The game server is running, but this binary carries no web client.
The API is described in docs/api.md; try <a href="/api/catalog">/api/catalog</a>
or <a href="/api/games">/api/games</a>.</p>
</body></html>
`

// Handler serves the files of fsys: a path that names no file gets
// index.html, so that client routes such as /g/{id} load the client;
// every answer has an entity tag, and text is gzipped once for every
// client that accepts it. A nil fsys serves a placeholder page.
func Handler(fsys fs.FS) http.HandlerFunc {
	if fsys == nil {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(placeholder))
		}
	}
	files := http.FileServerFS(fsys)
	gz := &gzipCache{fsys: fsys, m: map[string][]byte{}}
	tags := &etags{fsys: fsys, m: map[string]string{}}
	return func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name == "" {
			name = "index.html"
		}
		if fi, err := fs.Stat(fsys, name); err != nil || fi.IsDir() {
			name = "index.html"
		}
		tag := tags.get(name)
		h := w.Header()
		// Cached, but asked again every time: the names carry no version,
		// so a new release must show at once; an unchanged file costs a
		// 304 without a body.
		h.Set("Cache-Control", "no-cache")
		h.Set("Vary", "Accept-Encoding")
		if tag != "" {
			h.Set("ETag", `"`+tag+`"`)
		}
		if gz.serve(w, r, name, tag) {
			return
		}
		if name == "index.html" {
			http.ServeFileFS(w, r, fsys, name)
			return
		}
		files.ServeHTTP(w, r)
	}
}

// etags holds the entity tag of every static file, a hash of its
// content computed once: embedded files have no modification time to
// go by, and never change while the server runs.
type etags struct {
	fsys fs.FS
	mu   sync.Mutex
	m    map[string]string
}

// get returns the tag of a file, "" if it cannot be read.
func (e *etags) get(name string) string {
	e.mu.Lock()
	defer e.mu.Unlock()
	if t, ok := e.m[name]; ok {
		return t
	}
	b, err := fs.ReadFile(e.fsys, name)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(b)
	e.m[name] = base64.RawURLEncoding.EncodeToString(sum[:12])
	return e.m[name]
}

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

// OfflineList is GET /api/offline: the web client's files, which the
// service worker (web/static/sw.js) keeps so that the app works with the
// network off, and a version that changes with any of them.
type OfflineList struct {
	Version string   `json:"version"`
	Files   []string `json:"files"`
}

// Offline lists the files of fsys for offline use; walk them once:
// embedded, they never change while the server runs. index.html is left
// out, for the worker keeps it as "/", the address it is asked for.
func Offline(fsys fs.FS) (OfflineList, error) {
	out := OfflineList{Files: []string{}}
	if fsys == nil {
		return out, nil
	}
	h := sha256.New()
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || name == "index.html" {
			return err
		}
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		h.Write([]byte(name + "\x00"))
		h.Write(b)
		out.Files = append(out.Files, "/"+name)
		return nil
	})
	sort.Strings(out.Files)
	out.Version = hex.EncodeToString(h.Sum(nil)[:8])
	return out, err
}
