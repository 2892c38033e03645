package server

import (
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// placeholder is served when the binary carries no web client.
const placeholder = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Plateau</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
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
	return func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name == "" {
			name = "index.html"
		}
		if fi, err := fs.Stat(s.cfg.Static, name); err != nil || fi.IsDir() {
			name = "index.html"
		}
		if gz.serve(w, r, name) {
			return
		}
		if name == "index.html" {
			http.ServeFileFS(w, r, s.cfg.Static, name)
			return
		}
		files.ServeHTTP(w, r)
	}
}
