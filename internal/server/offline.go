package server

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"net/http"
	"sort"
	"sync"
)

// offlineList is GET /api/offline: the web client's files, which the
// service worker (web/static/sw.js) keeps so that the app works with the
// network off, and a version that changes with any of them.
type offlineList struct {
	Version string   `json:"version"`
	Files   []string `json:"files"`
}

func (s *Server) routesOffline(m *http.ServeMux) {
	var once sync.Once
	var list offlineList
	m.HandleFunc("GET /api/offline", func(w http.ResponseWriter, r *http.Request) {
		once.Do(func() { list = s.offlineFiles() })
		w.Header().Set("Cache-Control", "no-cache")
		s.reply(w, http.StatusOK, list)
	})
}

// offlineFiles walks the client's files once: embedded, they never
// change while the server runs. index.html is left out, for the worker
// keeps it as "/", the address it is asked for.
func (s *Server) offlineFiles() offlineList {
	out := offlineList{Files: []string{}}
	if s.cfg.Static == nil {
		return out
	}
	h := sha256.New()
	err := fs.WalkDir(s.cfg.Static, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || name == "index.html" {
			return err
		}
		b, err := fs.ReadFile(s.cfg.Static, name)
		if err != nil {
			return err
		}
		h.Write([]byte(name + "\x00"))
		h.Write(b)
		out.Files = append(out.Files, "/"+name)
		return nil
	})
	if err != nil {
		s.log.Error("listing the client's files for offline use", "err", err)
	}
	sort.Strings(out.Files)
	out.Version = hex.EncodeToString(h.Sum(nil)[:8])
	return out
}
