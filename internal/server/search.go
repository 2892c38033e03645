package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/records"
	finder "github.com/plateau-games/plateau/internal/search"
	"github.com/plateau-games/plateau/internal/store"
)

// PlayerHit is one player found by GET /api/search/players.
type PlayerHit struct {
	ID      string             `json:"id"`
	Name    string             `json:"name"`
	Ratings map[string]float64 `json:"ratings"` // by pool, rounded
}

// GameHits is a page of GET /api/search/games: Next, when set, is the
// cursor of the next page.
type GameHits struct {
	Games []api.Summary `json:"games"`
	Next  string        `json:"next,omitempty"`
}

// exportPage is how many games a bulk export reads at a time.
const exportPage = 100

// routesSearch registers the searches and the bulk export, when the
// store can search.
func (s *Server) routesSearch(m *http.ServeMux) {
	st, ok := s.cfg.Store.(finder.Store)
	if !ok {
		s.log.Warn("search is off: the store cannot search")
		return
	}
	m.HandleFunc("GET /api/search/players", s.limit(limitRequest, func(w http.ResponseWriter, r *http.Request) { s.handleSearchPlayers(w, r, st) }))
	m.HandleFunc("GET /api/search/games", s.limit(limitRequest, func(w http.ResponseWriter, r *http.Request) { s.handleSearchGames(w, r, st) }))
	m.HandleFunc("GET /api/players/{ref}/export", s.limit(limitExport, s.handleExport))
}

func (s *Server) handleSearchPlayers(w http.ResponseWriter, r *http.Request, st finder.Store) {
	prefix, err := finder.Prefix(r.URL.Query().Get("q"))
	if err == nil {
		var limit int
		if limit, err = finder.Limit(r.URL.Query().Get("limit")); err == nil {
			var hits []store.PlayerHit
			if hits, err = st.SearchPlayers(r.Context(), prefix, limit); err == nil {
				out := []PlayerHit{}
				for _, h := range hits {
					ph := PlayerHit{ID: h.ID, Name: h.Name, Ratings: map[string]float64{}}
					for g, v := range h.Ratings {
						ph.Ratings[g] = float64(int(v + 0.5))
					}
					out = append(out, ph)
				}
				s.reply(w, http.StatusOK, out)
				return
			}
		}
	}
	s.fail(w, r, searchError(err))
}

func (s *Server) handleSearchGames(w http.ResponseWriter, r *http.Request, st finder.Store) {
	q, err := finder.Games(r.Context(), r.URL.Query(), s.resolvePlayer)
	if err != nil {
		s.fail(w, r, searchError(err))
		return
	}
	if q.After, err = queryCursor(r); err != nil {
		s.fail(w, r, err)
		return
	}
	// A player searching their own games finds their unlisted ones too.
	q.Private = q.Player != "" && q.Player == requester(r.Context())
	sums, err := st.SearchGames(r.Context(), q)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	names := s.namesOf(r.Context(), sums)
	out := GameHits{Games: []api.Summary{}}
	for _, sm := range sums {
		out.Games = append(out.Games, s.summary(sm, names))
	}
	if len(sums) == q.Limit {
		last := sums[len(sums)-1]
		out.Next = strconv.FormatInt(last.UpdatedAt.UnixMilli(), 10) + "." + last.ID
	}
	s.reply(w, http.StatusOK, out)
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
func (s *Server) handleExport(w http.ResponseWriter, r *http.Request) {
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
	f := store.Filter{Status: "finished", Public: true, Player: id, Limit: exportPage}
	for first := true; ; {
		games, err := s.cfg.Store.Records(r.Context(), f)
		if err != nil {
			s.log.Warn("export", "player", id, "err", err)
			return
		}
		for _, g := range games {
			if err := s.exportOne(w, r, g, format, first); err != nil {
				return
			}
			first = false
		}
		if flusher, ok := w.(http.Flusher); ok {
			flusher.Flush()
		}
		if len(games) < exportPage {
			return
		}
		last := games[len(games)-1]
		f.After = store.Cursor{UpdatedAt: last.UpdatedAt, ID: last.ID}
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
