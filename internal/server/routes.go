package server

import (
	"net/http"
	"strings"

	"github.com/plateau-games/plateau/internal/room"
)

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /api/catalog", s.handleCatalog)
	m.HandleFunc("POST /api/games", s.limit(limitCreate, s.handleCreate))
	m.HandleFunc("GET /api/games", s.handleList)
	m.HandleFunc("GET /api/games/{id}", s.handleView)
	m.HandleFunc("POST /api/games/{id}/moves", s.limit(limitMove, s.handleMove))
	m.HandleFunc("POST /api/games/{id}/resign", s.tokenAction((*room.Room).Resign))
	m.HandleFunc("POST /api/games/{id}/draw", s.limit(limitRequest, s.handleDraw))
	m.HandleFunc("POST /api/games/{id}/undo", s.limit(limitRequest, s.handleUndo))
	m.HandleFunc("POST /api/games/{id}/hint", s.limit(limitRequest, s.tokenAction((*room.Room).Hint)))
	m.HandleFunc("POST /api/games/{id}/whoami", s.handleWhoami)
	m.HandleFunc("GET /api/games/{id}/records", s.limit(limitExport, s.handleGameRecord))
	m.HandleFunc("GET /api/games/{id}/positions", s.handlePositions)
	m.HandleFunc("GET /api/games/{id}/explain", s.handleExplain)
	m.HandleFunc("GET /api/records", s.limit(limitExport, s.handleRecords))
	m.HandleFunc("GET /api/games/{id}/ws", s.handleWS)
	s.routesSeats(m)
	s.routesLessons(m)
	s.routesPuzzles(m)
	m.HandleFunc("GET /healthz", s.handleHealth)
	s.routesOffline(m)
	s.routesLobby(m)
	s.routesPlayers(m)
	s.routesNotify(m)
	s.routesChat(m)
	s.routesRatings(m)
	s.routesLab(m)
	s.routesSettings(m)
	s.routesConditional(m)
	s.routesFriends(m)
	s.routesTournaments(m)
	s.routesBots(m)
	s.routesSearch(m)
	s.routesPictures(m)
	s.routesModeration(m)
	metrics := s.handleMetrics
	if s.cfg.MetricsPrivate { // served elsewhere; not the web client either
		metrics = func(w http.ResponseWriter, r *http.Request) {
			s.fail(w, r, refuse(ErrNotFound, "no such endpoint: %s %s", r.Method, r.URL.Path))
		}
	}
	m.HandleFunc("GET /metrics", metrics)
	m.HandleFunc("/api/", s.handleNoRoute)
	m.Handle("/", s.staticHandler())
	s.mux = m
}

// handleNoRoute answers an API request no endpoint takes: 405 with the
// methods the path does take, or 404 if none. (The catch-all matches
// every method, so ServeMux's own 405 never comes.)
func (s *Server) handleNoRoute(w http.ResponseWriter, r *http.Request) {
	var allowed []string
	for _, method := range []string{http.MethodGet, http.MethodPost, http.MethodPatch, http.MethodDelete} {
		alt := *r
		alt.Method = method
		if _, pattern := s.mux.Handler(&alt); pattern != noRoute {
			allowed = append(allowed, method)
		}
	}
	if len(allowed) == 0 {
		s.fail(w, r, refuse(ErrNotFound, "no such endpoint: %s %s", r.Method, r.URL.Path))
		return
	}
	w.Header().Set("Allow", strings.Join(allowed, ", "))
	s.fail(w, r, refuse(ErrMethodNotAllowed, "method %s not allowed on %s (allowed: %s)",
		r.Method, r.URL.Path, strings.Join(allowed, ", ")))
}
