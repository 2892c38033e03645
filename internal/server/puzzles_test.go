package server_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/puzzles"
	"github.com/plateau-games/plateau/internal/server"
)

// TestPuzzleEndpoints checks the puzzle endpoints without a player: the
// list and the daily puzzle (the same all day), the next puzzle, one
// puzzle with its legal moves and no solution, and answers.
func TestPuzzleEndpoints(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	e := newEnv(t, func(c *server.Config) {
		c.Registry = games.Registry()
		c.Now = func() time.Time { return now }
	})
	set, err := puzzles.Load(games.Registry(), puzzles.Data)
	if err != nil {
		t.Fatal(err)
	}
	var list api.PuzzleGames
	if st := e.call("GET", "/api/puzzles", nil, &list); st != http.StatusOK || len(list.Games) != len(set.Games()) || list.Daily == nil {
		t.Fatalf("list: got %d %+v", st, list)
	}
	want, _ := set.Daily(now)
	var daily api.Puzzle
	if st := e.call("GET", "/api/puzzles/daily", nil, &daily); st != http.StatusOK || daily.ID != want.ID || daily.Day != "2026-11-26" || list.Daily.ID != want.ID {
		t.Errorf("daily: got %d %s on %s, want %s on 2026-11-26", st, daily.ID, daily.Day, want.ID)
	}
	game := set.Games()[0]
	first := set.Of(game)[0]
	var next api.Puzzle
	if st := e.call("GET", "/api/puzzles/"+game+"/next?after="+first.ID, nil, &next); st != http.StatusOK || next.ID != set.Of(game)[1].ID {
		t.Errorf("next after the first: got %d %s, want %s", st, next.ID, set.Of(game)[1].ID)
	}
	var one api.Puzzle
	if st := e.call("GET", "/api/puzzles/"+game+"/"+first.ID, nil, &one); st != http.StatusOK || !slices.Contains(one.Legal, first.Solution) || len(one.After) != len(one.Legal) {
		t.Fatalf("one: got %d %+v", st, one)
	}
	wrong := one.Legal[0]
	if wrong == first.Solution {
		wrong = one.Legal[1]
	}
	for _, tc := range []struct {
		move    string
		status  int
		correct bool
	}{{first.Solution, 200, true}, {wrong, 200, false}, {"zz9", 422, false}} {
		var res api.PuzzleResult
		st := e.call("POST", "/api/puzzles/"+game+"/"+first.ID+"/answer", api.PuzzleAnswer{Move: tc.move}, &res)
		if st != tc.status || res.Correct != tc.correct || (st == 200 && (res.Solution != first.Solution || res.After == "" || res.Rated)) {
			t.Errorf("answer %s: got %d %+v, want %d, correct %v, the solution, not rated", tc.move, st, res, tc.status, tc.correct)
		}
	}
	other := set.Games()[1]
	for _, path := range []string{"/api/puzzles/" + other + "/" + first.ID, "/api/puzzles/" + game + "/nosuch", "/api/puzzles/chess/next"} {
		if st := e.call("GET", path, nil, nil); st != http.StatusNotFound {
			t.Errorf("%s: got %d, want 404", path, st)
		}
	}
}
