package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/moderation/screening"
	"github.com/plateau-games/plateau/internal/store"
)

// ratedGame stores a finished rated oshi game in which seat 0 plays the
// screening's reference engine and seat 1 random moves, and rates it.
func ratedGame(t *testing.T, st store.Store, id string, players [2]string, seed uint64) {
	t.Helper()
	ctx := context.Background()
	s, err := registry().New("oshi", "")
	if err != nil {
		t.Fatal(err)
	}
	ref, _ := agent.New(screening.Reference(2), 1)
	rng := rand.New(rand.NewPCG(seed, 1))
	now := time.Now()
	g := store.Game{ID: id, Game: "oshi", Start: s.String(), Result: "ongoing", DrawOffer: store.NoOffer, TakeBackBy: store.NoOffer,
		DeclinedBy: -1, ToAct: 0, CreatedAt: now, UpdatedAt: now, Rated: true,
		Seats: [2]store.Seat{{Kind: store.Human, Player: players[0]}, {Kind: store.Human, Player: players[1]}}}
	if err := st.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	var moves []store.Move
	for s.Result() == 0 && len(moves) < 300 {
		p := int(s.ToAct())
		m := ai.RandomMove(s, rng, nil)
		if p == 0 {
			m, _, _ = ref.Choose(ctx, s, nil)
		}
		moves = append(moves, store.Move{Text: s.FormatMove(m), Player: p})
		s.Play(m)
	}
	rate := &store.RatingGame{GameID: id, Group: "oshi", Players: players, At: now, Start: store.PlayerRating{R: 1500, RD: 350, Vol: 0.06},
		Rate: func(old [2]store.PlayerRating) [2]store.PlayerRating { return old }}
	u := store.Update{ID: id, Version: 0, Append: moves, Result: "first", Reason: "test", DrawOffer: store.NoOffer, TakeBackBy: store.NoOffer,
		DeclinedBy: -1, ToAct: -1, At: now, Rating: rate}
	if err := st.Update(ctx, u); err != nil {
		t.Fatal(err)
	}
}

// TestScreenDB: plateau screen --db queues the player who plays the
// reference engine's moves, not the one who plays at random, once
// however often it runs.
func TestScreenDB(t *testing.T) {
	dir := t.TempDir()
	path, normPath := filepath.Join(dir, "plateau.db"), filepath.Join(dir, "norm.json")
	b, _ := json.Marshal(screening.Norm{{Rating: 1000, Match: 0.3, Loss: 0.5}, {Rating: 2000, Match: 0.3, Loss: 0.5}})
	if err := os.WriteFile(normPath, b, 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 14 {
		ratedGame(t, st, fmt.Sprintf("g%d", i), [2]string{"engine", "honest"}, uint64(i))
	}
	st.Close()
	for range 2 {
		stdout, stderr, code := runCmd(t, "", "screen", "--db", path, "--norm", normPath, "--game", "oshi", "--depth", "2")
		if code != exitOK || !strings.Contains(stdout, "2 players screened, 1 flagged") {
			t.Fatalf("screen: got %d %q %q, want 1 of 2 flagged", code, stdout, stderr)
		}
	}
	st, err = store.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, tc := range []struct {
		player string
		want   int
	}{{"engine", 1}, {"honest", 0}} {
		reps, err := st.(store.Moderation).ReportsAbout(context.Background(), tc.player)
		if err != nil {
			t.Fatal(err)
		}
		if len(reps) != tc.want || (tc.want == 1 && reps[0].Reason != moderation.ScreeningReason) {
			t.Errorf("reports about %s: got %+v, want %d screening report", tc.player, reps, tc.want)
		}
	}
}
