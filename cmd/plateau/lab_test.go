package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/lab"
	"github.com/plateau-games/plateau/internal/store"
)

// TestLabSelfPlay: perfect tic-tac-toe is four draws of nine plies, the
// table says so with Wilson's interval (4/4: from 4/(4+1.96²) = 51.0%),
// and --merge keeps one run per id, source and level.
func TestLabSelfPlay(t *testing.T) {
	t.Parallel()
	args := []string{"lab", "tictactoe", "--player", "ab:depth=9", "--judge", "ab:depth=9", "--games", "4", "--opening-plies", "0"}
	stdout, stderr, status := runCmd(t, "", args...)
	words := strings.Join(strings.Fields(stdout), " ")
	if status != 0 || !strings.Contains(words, "draws 100.0% [51.0%, 100.0%] 4/4") ||
		!strings.Contains(words, "length (plies) 9.0 [9.0, 9.0] 0 capped") {
		t.Fatalf("got status %d, %q %q; want four draws of 9 plies", status, stdout, stderr)
	}
	file := filepath.Join(t.TempDir(), "tictactoe.json")
	for range 2 {
		if _, stderr, status := runCmd(t, "", append(args, "--json", "--merge", file)...); status != 0 {
			t.Fatalf("merge: got status %d, %q", status, stderr)
		}
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var f lab.File
	if err := json.Unmarshal(b, &f); err != nil || f.Game != "tictactoe" || len(f.Runs) != 1 || f.Runs[0].Draws.Count != 4 {
		t.Errorf("got %+v, %v; want one run of 4 draws", f, err)
	}
}

// TestLabBadInput: bad arguments are refused with status 2.
func TestLabBadInput(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"lab"}, "plateau lab GAME"},
		{[]string{"lab", "chess"}, "unknown game"},
		{[]string{"lab", "tictactoe", "--games", "0"}, "bad --games"},
		{[]string{"lab", "tictactoe", "--level", "9"}, "level 9"},
		{[]string{"lab", "tictactoe", "--judge", "mcts:bogus=1"}, "bogus"},
		{[]string{"lab", "tictactoe", "--opening-plies", "-1"}, "bad --opening-plies"},
	} {
		_, stderr, status := runCmd(t, "", tc.args...)
		if status != exitBadInput || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: got status %d, %q; want 2 and %q", tc.args, status, stderr, tc.want)
		}
	}
}

// TestLabStore: --db measures the finished games between two people,
// leaving out games with an AI seat, ongoing games and other games.
func TestLabStore(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "games.db")
	st, err := store.Open(context.Background(), db, nil)
	if err != nil {
		t.Fatal(err)
	}
	human := store.Seat{Kind: store.Human, TokenHash: make([]byte, 32)}
	ai := store.Seat{Kind: store.AI, Level: 1}
	for i, g := range []struct {
		seats  [2]store.Seat
		moves  string
		result string
	}{
		{[2]store.Seat{human, human}, "a1 b1 b2 c1 c3", "first"}, // x wins: 9 8 7 6 5 moves
		{[2]store.Seat{human, human}, "b2 a1", "second"},         // x resigned: 9 8
		{[2]store.Seat{human, ai}, "b2 a1 c3", "second"},
		{[2]store.Seat{human, human}, "b2", store.Ongoing},
	} {
		addGame(t, st, fmt.Sprintf("g%d", i), g.seats, strings.Fields(g.moves), g.result)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, status := runCmd(t, "", "lab", "tictactoe", "--db", db, "--judge", "ab:depth=9", "--json")
	var r lab.Report
	if status != 0 || json.Unmarshal([]byte(stdout), &r) != nil {
		t.Fatalf("got status %d, %q %q", status, stdout, stderr)
	}
	// Bucket 0 holds ply 0 of both games (9 moves each); the mid-game of
	// the 5-ply game (after a1 b1) is a win for x, which x won; that of
	// the 2-ply game (after b2) is level.
	if r.Source != lab.Human || r.Games != 2 || r.FirstWins.Count != 1 || r.Length.Mean != 3.5 ||
		r.Branching[0] != (lab.Branch{Mean: 9, Plies: 2}) || r.Decisive != lab.Wilson(1, 1) {
		t.Errorf("got %+v; want 2 human games, 1 first win, length 3.5, decisive 1/1", r)
	}
}

func addGame(t *testing.T, st store.Store, id string, seats [2]store.Seat, moves []string, result string) {
	t.Helper()
	ctx := context.Background()
	now := time.Unix(1_700_000_000, 0)
	g := store.Game{ID: id, Game: "tictactoe", Start: "3/3/3 x", Result: store.Ongoing, DrawOffer: store.NoOffer,
		Version: 1, CreatedAt: now, UpdatedAt: now, Seats: seats}
	if err := st.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	u := store.Update{ID: id, Version: 1, Result: result, DrawOffer: store.NoOffer, At: now}
	for i, m := range moves {
		u.Append = append(u.Append, store.Move{Text: m, Player: i % 2})
	}
	if err := st.Update(ctx, u); err != nil {
		t.Fatal(err)
	}
}
