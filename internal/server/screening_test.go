package server_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/moderation/screening"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// ratedTicTacToe stores a finished rated game rated at at, in which
// "engine" plays the screening's reference moves and "honest" random
// ones.
func ratedTicTacToe(t *testing.T, st store.Store, id string, seed uint64, at time.Time) {
	t.Helper()
	ctx := context.Background()
	s, err := tictactoe.Game().Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	ref, _ := agent.New(screening.Reference(9), 1)
	rng := rand.New(rand.NewPCG(seed, 1))
	players := [2]string{"engine", "honest"}
	g := store.Game{ID: id, Game: "tictactoe", Start: s.String(), Result: "ongoing", DrawOffer: store.NoOffer, TakeBackBy: store.NoOffer,
		DeclinedBy: -1, CreatedAt: at, UpdatedAt: at, Rated: true,
		Seats: [2]store.Seat{{Kind: store.Human, Player: players[0]}, {Kind: store.Human, Player: players[1]}}}
	if err := st.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	var moves []store.Move
	for s.Result() == 0 {
		m := ai.RandomMove(s, rng, nil)
		if s.ToAct() == 0 {
			m, _, _ = ref.Choose(ctx, s, nil)
		}
		moves = append(moves, store.Move{Text: s.FormatMove(m), Player: int(s.ToAct())})
		s.Play(m)
	}
	rate := &store.RatingGame{GameID: id, Group: "tictactoe", Players: players, At: at, Start: store.PlayerRating{R: 1500, RD: 350, Vol: 0.06},
		Rate: func(old [2]store.PlayerRating) [2]store.PlayerRating { return old }}
	if err := st.Update(ctx, store.Update{ID: id, Append: moves, Result: "first", Reason: "test", DrawOffer: store.NoOffer,
		TakeBackBy: store.NoOffer, DeclinedBy: -1, ToAct: -1, At: at, Rating: rate}); err != nil {
		t.Fatal(err)
	}
}

// TestScreeningRuns: servers given a norm screen the database by
// themselves and queue the engine user (once: the job's tests prove it
// with a fake clock, internal/moderation/screening.TestJobTwoServers).
func TestScreeningRuns(t *testing.T) {
	t.Parallel()
	clock := newFakeClock()
	path := filepath.Join(t.TempDir(), "test.db")
	st, err := store.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	for i := range 60 {
		ratedTicTacToe(t, st, fmt.Sprintf("t%d", i), uint64(i), clock.Now().Add(time.Duration(i)*time.Second))
	}
	clock.add(time.Hour)
	norm := screening.Norm{{Rating: 1000, Match: 0.3, Loss: 0.5}, {Rating: 2000, Match: 0.3, Loss: 0.5}}
	for range 2 {
		newEnvOn(t, path, func(cfg *server.Config) {
			cfg.Clock, cfg.Now = clock, clock.Now
			cfg.Screening = server.ScreeningConfig{Norms: map[string]screening.Norm{"tictactoe": norm}, Depth: 9, Poll: 5 * time.Millisecond}
		})
	}
	deadline := time.Now().Add(30 * time.Second) // a guard against a hang, not a timing
	var reps []moderation.Report
	for len(reps) == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		if reps, err = st.(store.Moderation).ReportsAbout(context.Background(), "engine"); err != nil {
			t.Fatal(err)
		}
	}
	if len(reps) != 1 || reps[0].Reason != moderation.ScreeningReason {
		t.Errorf("reports about the engine user: got %+v, want one screening report", reps)
	}
}
