package search

import (
	"context"
	"fmt"
	"strconv"

	"github.com/plateau-games/plateau/internal/store"
)

// exportPage is how many games a bulk export reads at a time.
const exportPage = 100

// Records is the store as an export reads a player's games, page by page.
type Records interface {
	Records(ctx context.Context, f store.Filter) ([]store.Game, error)
}

// Service answers the searches and reads a player's games for export.
type Service struct {
	Store   Store
	Records Records
}

// PlayerHit is one player found by a player search.
type PlayerHit struct {
	ID      string             `json:"id"`
	Name    string             `json:"name"`
	Ratings map[string]float64 `json:"ratings"` // by pool, rounded
}

// Players finds the players whose name starts with q, at most limit of
// them (Limit reads it), with their ratings rounded.
func (s *Service) Players(ctx context.Context, q, limit string) ([]PlayerHit, error) {
	prefix, err := Prefix(q)
	if err != nil {
		return nil, err
	}
	n, err := Limit(limit)
	if err != nil {
		return nil, err
	}
	hits, err := s.Store.SearchPlayers(ctx, prefix, n)
	if err != nil {
		return nil, err
	}
	out := []PlayerHit{}
	for _, h := range hits {
		ph := PlayerHit{ID: h.ID, Name: h.Name, Ratings: map[string]float64{}}
		for g, v := range h.Ratings {
			ph.Ratings[g] = float64(int(v + 0.5))
		}
		out = append(out, ph)
	}
	return out, nil
}

// FindGames runs a game search for requester and returns a page and the
// cursor of the next ("" when it is the last). A player searching their
// own games finds their unlisted ones too.
func (s *Service) FindGames(ctx context.Context, q store.GameSearch, requester string) ([]store.Summary, string, error) {
	q.Private = q.Player != "" && q.Player == requester
	sums, err := s.Store.SearchGames(ctx, q)
	if err != nil {
		return nil, "", err
	}
	next := ""
	if len(sums) == q.Limit {
		last := sums[len(sums)-1]
		next = strconv.FormatInt(last.UpdatedAt.UnixMilli(), 10) + "." + last.ID
	}
	return sums, next, nil
}

// Export reads a player's finished public games, page by page, and hands
// each to each (which stops the export by returning an error), calling
// flush after each page. It returns the store's error only.
func (s *Service) Export(ctx context.Context, player string, each func(store.Game) error, flush func()) error {
	f := store.Filter{Status: "finished", Public: true, Player: player, Limit: exportPage}
	for {
		games, err := s.Records.Records(ctx, f)
		if err != nil {
			return fmt.Errorf("search: export: %w", err)
		}
		for _, g := range games {
			if each(g) != nil {
				return nil
			}
		}
		flush()
		if len(games) < exportPage {
			return nil
		}
		last := games[len(games)-1]
		f.After = store.Cursor{UpdatedAt: last.UpdatedAt, ID: last.ID}
	}
}
