package tournaments_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/store"
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

// ender ends games as the server's rooms do at a deadline, or, with
// beaten set, finds that the game's last move won it first.
type ender struct {
	s      store.Store
	beaten bool
	calls  int
}

func (e *ender) EndAtDeadline(ctx context.Context, id string) (string, string, error) {
	e.calls++
	g, err := e.s.Load(ctx, id)
	if err != nil {
		return "", "", err
	}
	res, why := map[int]string{0: "second", 1: "first"}[g.ToAct], "round deadline"
	if e.beaten {
		res, why = "first", "rules"
	}
	err = e.s.Update(ctx, store.Update{ID: id, Version: g.Version, Keep: len(g.Moves), Result: res, Reason: why, DrawOffer: store.NoOffer,
		TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, At: start, ToAct: -1})
	return res, why, err
}

// TestRunnerEndsGamesAtDeadline: past a round's hard deadline the runner
// ends the games still going, through the rooms, and scores the end the
// game got: a forfeit of the player to act, or the result of a move that
// beat the deadline to the database.
func TestRunnerEndsGamesAtDeadline(t *testing.T) {
	for _, tt := range []struct {
		name    string
		beaten  bool
		result  string
		forfeit bool
	}{{"ended at the deadline", false, "second", true}, {"won just before", true, "first", false}} {
		t.Run(tt.name, func(t *testing.T) {
			dialects(t, func(t *testing.T, open func() tourStore) {
				s := open()
				ctx := context.Background()
				c := tournaments.Config{Settings: tournaments.Settings{Format: tournaments.FormatSwiss, Rounds: 1, RoundTime: time.Hour, Games: 1}}
				c.Name, c.MinPlayers, c.StartsAt = "deadline", 2, start
				newEvent(t, s, "d", c, 2)
				clock, en := &fakeClock{now: start}, &ender{s: s, beaten: tt.beaten}
				r := &tournaments.Runner{Store: s, Registry: games.Registry(), Games: &maker{s: s}, Ender: en, Clock: clock, Owner: "one", Lease: time.Minute}
				for range 3 {
					if err := r.Tick(ctx); err != nil {
						t.Fatal(err)
					}
					clock.add(time.Hour)
				}
				rows, err := s.TournamentPairings(ctx, "d")
				if err != nil || len(rows) != 1 {
					t.Fatalf("got %d pairings (%v), want 1", len(rows), err)
				}
				g, err := s.Load(ctx, rows[0].GameID)
				if err != nil || g.Result == store.Ongoing {
					t.Errorf("the game: got %s (%v), want it over", g.Result, err)
				}
				if p := rows[0]; p.Result != tt.result || p.Forfeit != tt.forfeit || en.calls != 1 {
					t.Errorf("got %s, forfeit %v after %d ends; want %s, forfeit %v after 1", p.Result, p.Forfeit, en.calls, tt.result, tt.forfeit)
				}
			})
		})
	}
}
