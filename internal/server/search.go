package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/records"
	finder "github.com/plateau-games/plateau/internal/search"
	"github.com/plateau-games/plateau/internal/store"
)

// PlayerHit is one player found by GET /api/search/players.
type PlayerHit = finder.PlayerHit

// GameHits is a page of GET /api/search/games: Next, when set, is the
// cursor of the next page.
type GameHits struct {
	Games []api.Summary `json:"games"`
	Next  string        `json:"next,omitempty"`
}

// routesSearch registers the searches and the bulk export, when the
// store can search.
func (s *Server) routesSearch(m *http.ServeMux) {
	st, ok := s.cfg.Store.(finder.Store)
	if !ok {
		s.log.Warn("search is off: the store cannot search")
		return
	}
	svc := &finder.Service{Store: st, Records: s.cfg.Store}
	m.HandleFunc("GET /api/search/players", s.limit(limitRequest, serveCall(s, func(r *http.Request) ([]PlayerHit, error) {
		out, err := svc.Players(r.Context(), r.URL.Query().Get("q"), r.URL.Query().Get("limit"))
		return out, searchError(err)
	})))
	m.HandleFunc("GET /api/search/games", s.limit(limitRequest, serveCall(s, func(r *http.Request) (GameHits, error) {
		return s.searchGames(r, svc)
	})))
	m.HandleFunc("GET /api/players/{ref}/export", s.limit(limitExport, func(w http.ResponseWriter, r *http.Request) { s.handleExport(w, r, svc) }))
}

// searchGames finds a page of games, named as every list of games is.
func (s *Server) searchGames(r *http.Request, svc *finder.Service) (GameHits, error) {
	q, err := finder.Games(r.Context(), r.URL.Query(), s.resolvePlayer)
	if err != nil {
		return GameHits{}, searchError(err)
	}
	if q.After, err = queryCursor(r); err != nil {
		return GameHits{}, err
	}
	sums, next, err := svc.FindGames(r.Context(), q, requester(r.Context()))
	if err != nil {
		return GameHits{}, err
	}
	names := s.namesOf(r.Context(), sums)
	out := GameHits{Games: []api.Summary{}, Next: next}
	for _, sm := range sums {
		out.Games = append(out.Games, s.summary(sm, names))
	}
	return out, nil
}

// resolvePlayer finds a player's id by id, username or name.
func (s *Server) resolvePlayer(ctx context.Context, ref string) (string, error) {
	p, _, err := s.findPlayer(ctx, ref)
	return p.ID, err
}

// searchError turns a refused search into a refusal of its sentence.
func searchError(err error) error {
	if errors.Is(err, finder.ErrBadSearch) {
		return refuse(ErrMalformed, "%s", strings.TrimPrefix(err.Error(), finder.ErrBadSearch.Error()+": "))
	}
	return err
}

// handleExport streams a player's finished public games, page by page,
// as readable records (?format=txt, the default) or JSON lines
// (?format=ndjson).
func (s *Server) handleExport(w http.ResponseWriter, r *http.Request, svc *finder.Service) {
	format := r.URL.Query().Get("format")
	if format == "" {
		format = "txt"
	}
	if format != "txt" && format != "ndjson" {
		s.fail(w, r, refuse(ErrMalformed, "format must be txt or ndjson, not %q", clip(format)))
		return
	}
	id, err := s.resolvePlayer(r.Context(), r.PathValue("ref"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ctype := map[string]string{"txt": "text/plain; charset=utf-8", "ndjson": "application/x-ndjson"}[format]
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="plateau-%s.%s"`, id, format))
	first := true
	each := func(g store.Game) error {
		err := s.exportOne(w, r, g, format, first)
		first = false
		return err
	}
	flush := func() {
		if flusher, ok := w.(http.Flusher); ok {
			flusher.Flush()
		}
	}
	if err := svc.Export(r.Context(), id, each, flush); err != nil {
		s.log.Warn("export", "player", id, "err", err)
	}
}

// exportOne writes one game of an export.
func (s *Server) exportOne(w http.ResponseWriter, r *http.Request, g store.Game, format string, first bool) error {
	if format == "ndjson" {
		s.writeRecords(w, []store.Game{g})
		return r.Context().Err()
	}
	gm, _, err := s.cfg.Registry.Lookup(g.Game)
	if err != nil {
		return nil // a game this server no longer offers: left out
	}
	rg := records.FromRecord(s.cfg.Registry, toRecord(g))
	s.readableTags(r, &rg, g, gm)
	if !first {
		fmt.Fprintln(w)
	}
	return records.Write(w, rg)
}
