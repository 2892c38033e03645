package tournaments_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/tournaments"
)

// TestRunnerSwissHonoursBlocks: the two best-rated players of a Swiss
// meet in its first round, unless one blocked the other: then the
// runner, reading the blocks from the database, keeps them apart.
func TestRunnerSwissHonoursBlocks(t *testing.T) {
	dialects(t, func(t *testing.T, open func() tourStore) {
		s := open()
		ctx := context.Background()
		c := tournaments.Config{Settings: tournaments.Settings{Format: tournaments.FormatSwiss, Rounds: 3, RoundTime: 24 * time.Hour, Games: 1}}
		c.Name, c.MinPlayers, c.StartsAt = "blocks", 2, start
		if err := s.SetBlock(ctx, "p3", "p2", true, 10, start); err != nil {
			t.Fatal(err)
		}
		for _, tt := range []struct {
			id     string
			blocks tournaments.BlockLister
			meet   bool
		}{{"plain", nil, true}, {"blocked", s, false}} {
			newEvent(t, s, tt.id, c, 4)
			r := &tournaments.Runner{Store: s, Registry: games.Registry(), Games: &maker{s: s}, Blocks: tt.blocks,
				Clock: &fakeClock{now: start}, Owner: "one", Lease: time.Minute}
			if err := r.Tick(ctx); err != nil {
				t.Fatal(err)
			}
			rows, err := s.TournamentPairings(ctx, tt.id)
			if err != nil {
				t.Fatal(err)
			}
			got := false
			for _, p := range rows {
				got = got || (p.First == "p3" && p.Second == "p2") || (p.First == "p2" && p.Second == "p3")
			}
			if len(rows) != 2 || got != tt.meet {
				t.Errorf("%s: got %d pairings, p3 meets p2: %v; want 2, %v", tt.id, len(rows), got, tt.meet)
			}
		}
	})
}

// TestBlocksAmongManyPlayers reads blocks among more players than one
// query names: pairs across batches are found, a block with someone
// outside the list is not.
func TestBlocksAmongManyPlayers(t *testing.T) {
	dialects(t, func(t *testing.T, open func() tourStore) {
		s := open()
		ctx := context.Background()
		for _, b := range [][2]string{{"x0", "x1099"}, {"x600", "x5"}, {"x1", "outsider"}} {
			if err := s.SetBlock(ctx, b[0], b[1], true, 10, start); err != nil {
				t.Fatal(err)
			}
		}
		ids := make([]string, 1100)
		for i := range ids {
			ids[i] = fmt.Sprintf("x%d", i)
		}
		got, err := s.BlocksAmong(ctx, ids)
		if err != nil {
			t.Fatal(err)
		}
		want := [][2]string{{"x0", "x1099"}, {"x600", "x5"}}
		if !slices.Equal(got, want) {
			t.Errorf("got %v, want %v", got, want)
		}
	})
}
