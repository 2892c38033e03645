package tournaments_test

import (
	"context"
	"github.com/plateau-games/plateau/games"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tournaments"
)

// TestRunnerFormats runs every format to its end on SQLite with one
// runner and random results: each ends finished with a winner.
func TestRunnerFormats(t *testing.T) {
	tests := []struct {
		name    string
		s       tournaments.Settings
		players int
		rounds  int // the last round paired, at least
	}{
		{"roundrobin", tournaments.Settings{Format: tournaments.FormatRoundRobin, Division: 4, RoundTime: 24 * time.Hour}, 7, 3},
		{"league", tournaments.Settings{Format: tournaments.FormatLeague, Division: 10, RoundTime: 24 * time.Hour}, 5, 5},
		{"knockout", tournaments.Settings{Format: tournaments.FormatKnockOut, RoundTime: 24 * time.Hour, Games: 2}, 6, 3},
		{"arena", tournaments.Settings{Format: tournaments.FormatArena, RoundTime: 20 * time.Minute, Streak: true}, 6, 3},
		{"arena of pairs", tournaments.Settings{Format: tournaments.FormatArena, RoundTime: 20 * time.Minute, Games: 2}, 5, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dialects(t, func(t *testing.T, open func() tourStore) {
				s := open()
				c := tournaments.Config{Settings: tt.s}
				c.Name, c.MinPlayers, c.StartsAt = tt.name, 2, start
				newEvent(t, s, "f", c, tt.players)
				clock := &fakeClock{now: start}
				mk := &maker{s: s, live: tt.s.Format == tournaments.FormatArena}
				r := &tournaments.Runner{Store: s, Registry: games.Registry(), Games: mk, Clock: clock, Owner: "one", Lease: time.Minute}
				rng := rand.New(rand.NewPCG(5, 6))
				for range 200 {
					if err := r.Tick(context.Background()); err != nil {
						t.Fatal(err)
					}
					if rng.IntN(2) == 0 {
						finishGames(t, s, "f", rng, clock.Now())
					}
					clock.add(time.Minute)
				}
				if mk.overlaps > 0 {
					t.Errorf("got %d second games created while the first was played, want none in a live event", mk.overlaps)
				}
				tr, err := s.LoadTournament(context.Background(), "f")
				if err != nil {
					t.Fatal(err)
				}
				if tr.State != store.TourFinished || tr.Winner == "" || tr.Round < tt.rounds {
					t.Errorf("got %s after round %d, winner %q; want finished with a winner after %d rounds at least",
						tr.State, tr.Round, tr.Winner, tt.rounds)
				}
			})
		})
	}
}
