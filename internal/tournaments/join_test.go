package tournaments_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// TestJoinRules: a full event, a started one, a late entry before round
// N and not after, withdrawing twice and from a finished event: each
// refused with its error and nothing changed.
func TestJoinRules(t *testing.T) {
	dialects(t, func(t *testing.T, open func() tourStore) {
		s := open()
		ctx := context.Background()
		newEvent(t, s, "j", swissConfig(), 3)
		who := func(id string) store.TourPlayer {
			return store.TourPlayer{TournamentID: "j", PlayerID: id, JoinedAt: start}
		}
		open3 := store.TourJoin{States: []string{store.TourOpen}, Max: 3}
		if err := s.JoinTournament(ctx, who("late"), open3); !errors.Is(err, store.ErrTourFull) {
			t.Errorf("joining a full event: got %v, want ErrTourFull", err)
		}
		if err := s.JoinTournament(ctx, who("p0"), store.TourJoin{States: []string{store.TourOpen}}); !errors.Is(err, store.ErrTourJoined) {
			t.Errorf("joining twice: got %v, want ErrTourJoined", err)
		}
		tr, _ := s.LoadTournament(ctx, "j")
		tr.State, tr.Round = store.TourRunning, 1
		if err := s.AdvanceTournament(ctx, store.TourAdvance{T: tr, At: start}); err != nil {
			t.Fatal(err)
		}
		if err := s.JoinTournament(ctx, who("late"), store.TourJoin{States: []string{store.TourOpen}}); !errors.Is(err, store.ErrTourClosed) {
			t.Errorf("joining a started event: got %v, want ErrTourClosed", err)
		}
		late := store.TourJoin{States: []string{store.TourOpen, store.TourRunning}, BeforeRound: 2}
		if err := s.JoinTournament(ctx, who("late"), late); err != nil {
			t.Errorf("a late entry in round 1 before round 2: got %v", err)
		}
		tr, _ = s.LoadTournament(ctx, "j")
		tr.Round = 2
		if err := s.AdvanceTournament(ctx, store.TourAdvance{T: tr, At: start}); err != nil {
			t.Fatal(err)
		}
		if err := s.JoinTournament(ctx, who("later"), late); !errors.Is(err, store.ErrTourClosed) {
			t.Errorf("a late entry in round 2: got %v, want ErrTourClosed", err)
		}
		if err := s.WithdrawTournament(ctx, "j", "p1", start); err != nil {
			t.Fatal(err)
		}
		if err := s.WithdrawTournament(ctx, "j", "p1", start); !errors.Is(err, store.ErrTourNotIn) {
			t.Errorf("withdrawing twice: got %v, want ErrTourNotIn", err)
		}
		tr, _ = s.LoadTournament(ctx, "j")
		tr.State, tr.FinishedAt = store.TourFinished, start.Add(time.Hour)
		if err := s.AdvanceTournament(ctx, store.TourAdvance{T: tr, At: start}); err != nil {
			t.Fatal(err)
		}
		if err := s.WithdrawTournament(ctx, "j", "p2", start); !errors.Is(err, store.ErrTourOver) {
			t.Errorf("withdrawing from a finished event: got %v, want ErrTourOver", err)
		}
		ps, _ := s.TournamentPlayers(ctx, "j")
		in := 0
		for _, p := range ps {
			if p.WithdrawnAt.IsZero() {
				in++
			}
		}
		if len(ps) != 4 || in != 3 {
			t.Errorf("got %d entries, %d still in; want 4 and 3", len(ps), in)
		}
	})
}

// TestRecentTimeouts counts a player's losses on time since a date, the
// entry condition's measure: wins, other losses and old ones do not count.
func TestRecentTimeouts(t *testing.T) {
	dialects(t, func(t *testing.T, open func() tourStore) {
		s := open()
		ctx := context.Background()
		add := func(id, result, reason string, at time.Time) {
			err := s.Create(ctx, store.Game{ID: id, Game: "tictactoe", Start: "3/3/3 x",
				Seats:  [2]store.Seat{{Kind: store.Human, Player: "ann"}, {Kind: store.Human, Player: "bob"}},
				Result: result, Reason: reason, DrawOffer: store.NoOffer, Version: 1, CreatedAt: at, UpdatedAt: at,
				TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, ToAct: -1})
			if err != nil {
				t.Fatal(err)
			}
		}
		add("g1", "second", "time out", start)                       // ann lost on time
		add("g2", "first", "time out", start)                        // bob lost on time
		add("g3", "second", "resigned", start)                       // ann resigned
		add("g4", "second", "time out", start.Add(-40*24*time.Hour)) // too old
		for _, tt := range []struct {
			player string
			want   int
		}{{"ann", 1}, {"bob", 1}, {"cy", 0}} {
			got, err := s.RecentTimeouts(ctx, tt.player, start.Add(-30*24*time.Hour))
			if err != nil || got != tt.want {
				t.Errorf("RecentTimeouts(%s): got %d %v, want %d", tt.player, got, err, tt.want)
			}
		}
	})
}
