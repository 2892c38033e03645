package server

import (
	"net/http"
)

// embedPolicy lets any site frame an embed, and the page nothing but its
// own images and inline style: it has no script at all.
const embedPolicy = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors *"

// routesPreviews registers the shareable addresses and the embeddable
// pages. The client routes with the address's fragment, which crawlers
// never send; these paths carry what a preview needs, and send people
// on to the client.
func (e *shareEdge) routesPreviews(m *http.ServeMux) {
	m.HandleFunc("GET /g/{id}", e.handleInvite)
	for pattern, f := range map[string]answer{"GET /game/{id}": e.sv.GamePreview, "GET /replay/{id}": e.sv.ReplayPreview,
		"GET /replay/{id}/{ply}": e.sv.ReplayPreview, "GET /analysis/{game}": e.sv.AnalysisPreview,
		"GET /puzzles/{game}/{id}": e.sv.PuzzlePreview, "GET /player/{ref}": e.sv.PlayerPreview,
		"GET /rules/{game}": e.sv.RulesPreview, "GET /tournament/{id}": e.sv.TournamentPreview} {
		m.HandleFunc(pattern, e.page(f, previewHeaders))
	}
	m.HandleFunc("GET /embed/game/{id}", e.page(e.sv.GameEmbed, embedHeaders))
	m.HandleFunc("GET /embed/position/{game}", e.page(e.sv.PositionEmbed, embedHeaders))
	m.HandleFunc("GET /embed/puzzle/{game}/{id}", e.page(e.sv.PuzzleEmbed, embedHeaders))
}

// page answers a preview or an embed with its headers; a failure to find
// what the link names still answers a page (a crawler shows something),
// with status 404.
func (e *shareEdge) page(f answer, headers func(http.Header)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		a, err := f(r.Context(), e.query(r))
		if err != nil {
			e.fail(w, r, err)
			return
		}
		headers(w.Header())
		status := http.StatusOK
		if a.Missing {
			status = http.StatusNotFound
		}
		w.WriteHeader(status)
		w.Write(a.Body)
	}
}

// previewHeaders are a link preview's: cached a minute, in the reader's
// language.
func previewHeaders(h http.Header) {
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "public, max-age=60")
	h.Set("Vary", "Accept-Language")
}

// embedHeaders are an embed's: framable by any site.
func embedHeaders(h http.Header) {
	h.Set("Content-Security-Policy", embedPolicy)
	h.Del("X-Frame-Options")
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "public, max-age=10")
}

// handleInvite answers an invite link: the client's page with the
// preview's tags, cached as the client's files are (an ETag of its
// content, asked again every time); the client's files answer for no
// such game, or without a page to fill.
func (e *shareEdge) handleInvite(w http.ResponseWriter, r *http.Request) {
	a, err := e.sv.Invite(r.Context(), e.query(r))
	if err != nil || a.Body == nil {
		if err != nil {
			e.fail(w, r, err)
		} else {
			e.static.ServeHTTP(w, r)
		}
		return
	}
	h := w.Header()
	h.Set("ETag", a.Tag)
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Language")
	if a.Fresh {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", "text/html; charset=utf-8")
	w.Write(a.Body)
}
