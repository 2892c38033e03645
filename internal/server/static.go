package server

import (
	"net/http"
	"sync"

	"github.com/plateau-games/plateau/internal/webfiles"
)

// staticHandler serves the web client. A path that names no file gets
// index.html, so that client routes such as /g/{id} load the client.
func (s *Server) staticHandler() http.Handler {
	serve := webfiles.Handler(s.cfg.Static)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			s.fail(w, r, refuse(ErrMethodNotAllowed, "method %s not allowed", r.Method))
			return
		}
		serve(w, r)
	})
}

// routesOffline serves GET /api/offline: the web client's files, which
// the service worker (web/static/sw.js) keeps so that the app works with
// the network off (webfiles.Offline).
func (s *Server) routesOffline(m *http.ServeMux) {
	var once sync.Once
	var list webfiles.OfflineList
	m.HandleFunc("GET /api/offline", func(w http.ResponseWriter, r *http.Request) {
		once.Do(func() {
			var err error
			if list, err = webfiles.Offline(s.cfg.Static); err != nil {
				s.log.Error("listing the client's files for offline use", "err", err)
			}
		})
		w.Header().Set("Cache-Control", "no-cache")
		s.reply(w, http.StatusOK, list)
	})
}
