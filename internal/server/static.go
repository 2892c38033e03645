package server

import (
	"crypto/sha256"
	"encoding/base64"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"sync"
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

// staticHandler serves the web client. A path that names no file gets
// index.html, so that client routes such as /g/{id} load the client.
func (s *Server) staticHandler() http.Handler {
	serve := s.serveStatic()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			s.fail(w, r, refuse(ErrMethodNotAllowed, "method %s not allowed", r.Method))
			return
		}
		serve(w, r)
	})
}

func (s *Server) serveStatic() http.HandlerFunc {
	if s.cfg.Static == nil {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(placeholder))
		}
	}
	files := http.FileServerFS(s.cfg.Static)
	gz := &gzipCache{fsys: s.cfg.Static, m: map[string][]byte{}}
	tags := &etags{fsys: s.cfg.Static, m: map[string]string{}}
	return func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name == "" {
			name = "index.html"
		}
		if fi, err := fs.Stat(s.cfg.Static, name); err != nil || fi.IsDir() {
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
			http.ServeFileFS(w, r, s.cfg.Static, name)
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
