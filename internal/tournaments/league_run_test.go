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

// TestLeagueSeasons plays a league season of two divisions of six: at
// its end the next season exists once, with the winner of the lower
// division promoted to the top one and the last of the top relegated.
func TestLeagueSeasons(t *testing.T) {
	dialects(t, func(t *testing.T, open func() tourStore) {
		s := open()
		ctx := context.Background()
		c := tournaments.Config{Settings: tournaments.Settings{Format: tournaments.FormatLeague, Name: "League", MinPlayers: 2,
			Division: 6, RoundTime: 7 * 24 * time.Hour, StartsAt: start}, Every: 30 * 24 * time.Hour}
		err := s.CreateTournament(ctx, store.Tournament{ID: tournaments.SeriesEditionID("lg", 1), Game: "tictactoe", Format: "league",
			Name: "League", Settings: tournaments.EncodeConfig(c), State: store.TourOpen, StartsAt: start, Due: start,
			SeriesID: "lg", Edition: 1})
		if err != nil {
			t.Fatal(err)
		}
		id := tournaments.SeriesEditionID("lg", 1)
		for i := range 12 {
			p := store.TourPlayer{TournamentID: id, PlayerID: string(rune('a' + i)), Rating: 2000 - 10*i, JoinedAt: start}
			if err := s.JoinTournament(ctx, p, store.TourJoin{States: []string{store.TourOpen}}); err != nil {
				t.Fatal(err)
			}
		}
		clock := &fakeClock{now: start}
		r := &tournaments.Runner{Store: s, Registry: games.Registry(), Games: &maker{s: s}, Clock: clock, Owner: "one", Lease: time.Minute}
		rng := rand.New(rand.NewPCG(7, 8))
		for range 30 {
			if err := r.Tick(ctx); err != nil {
				t.Fatal(err)
			}
			finishGames(t, s, id, rng, clock.Now())
			clock.add(time.Minute)
		}
		next, err := s.LoadTournament(ctx, tournaments.SeriesEditionID("lg", 2))
		if err != nil {
			t.Fatalf("the next season: %v", err)
		}
		if !next.StartsAt.Equal(start.Add(30 * 24 * time.Hour)) {
			t.Errorf("next season starts %v, want a month later", next.StartsAt)
		}
		ps, _ := s.TournamentPlayers(ctx, next.ID)
		per := map[int]int{}
		for _, p := range ps {
			per[p.Division]++
		}
		if len(ps) != 12 || per[1] != 6 || per[2] != 6 {
			t.Fatalf("next season: got %d players, divisions %v; want 12 in two of six", len(ps), per)
		}
		moved := 0
		for _, p := range ps {
			if p.Division == 1 && p.Rating < 1950 { // came from below
				moved++
			}
		}
		if moved != 1 {
			t.Errorf("got %d players promoted, want 1", moved)
		}
	})
}
