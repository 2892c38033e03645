package search

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// fake answers searches and holds n finished games.
type fake struct {
	n     int
	asked store.GameSearch
}

func (f *fake) SearchPlayers(context.Context, string, int) ([]store.PlayerHit, error) {
	return []store.PlayerHit{{ID: "p1", Name: "Ada", Ratings: map[string]float64{"oshi": 1499.5}}}, nil
}

func (f *fake) SearchGames(_ context.Context, q store.GameSearch) ([]store.Summary, error) {
	f.asked = q
	out := make([]store.Summary, q.Limit)
	for i := range out {
		out[i] = store.Summary{ID: fmt.Sprint("g", i), UpdatedAt: time.UnixMilli(int64(1000 + i))}
	}
	return out, nil
}

func (f *fake) Records(_ context.Context, flt store.Filter) ([]store.Game, error) {
	start, _ := strconv.Atoi(flt.After.ID) // "" is the first page
	var out []store.Game
	for i := start + 1; i <= f.n && len(out) < flt.Limit; i++ {
		out = append(out, store.Game{ID: fmt.Sprint(i)})
	}
	return out, nil
}

// TestService rounds ratings, pages searches, finds one's own unlisted
// games, and exports every game page by page.
func TestService(t *testing.T) {
	t.Parallel()
	f := &fake{n: 2*exportPage + 1}
	s := &Service{Store: f, Records: f}
	ctx := context.Background()
	hits, err := s.Players(ctx, "ad", "")
	if err != nil || len(hits) != 1 || hits[0].Ratings["oshi"] != 1500 {
		t.Fatalf("players: %+v, %v", hits, err)
	}
	if _, err := s.Players(ctx, "", ""); err == nil {
		t.Error("an empty search was taken")
	}
	sums, next, err := s.FindGames(ctx, store.GameSearch{Player: "me", Limit: 2}, "me")
	if err != nil || len(sums) != 2 || next != "1001.g1" || !f.asked.Private {
		t.Fatalf("games: %d, next %q, private %v, %v", len(sums), next, f.asked.Private, err)
	}
	if _, _, _ = s.FindGames(ctx, store.GameSearch{Player: "me", Limit: 2}, "you"); f.asked.Private {
		t.Error("another player's unlisted games were searched")
	}
	games, pages := 0, 0
	err = s.Export(ctx, "me", func(store.Game) error { games++; return nil }, func() { pages++ })
	if err != nil || games != f.n || pages != 3 {
		t.Errorf("export: %d games in %d pages, %v", games, pages, err)
	}
}
