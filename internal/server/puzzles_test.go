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
	set, err := puzzles.Load(games.Registry())
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

// TestPuzzleRatings answers puzzles as a browser's player: a first
// solve raises the player and lowers the puzzle, a repeat changes
// nothing, a miss lowers the player; the next puzzle is one not tried,
// and a puzzle shows the player's rating.
func TestPuzzleRatings(t *testing.T) {
	t.Parallel()
	e := newEnv(t, realGames)
	set, err := puzzles.Load(games.Registry())
	if err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, e)
	b.visit("/")
	game := set.Games()[0]
	p1, p2 := set.Of(game)[0], set.Of(game)[1]
	answer := func(p puzzles.Puzzle, move string) api.PuzzleResult {
		t.Helper()
		var res api.PuzzleResult
		if r := b.send("POST", "/api/puzzles/"+game+"/"+p.ID+"/answer", api.PuzzleAnswer{Move: move}, &res); r.StatusCode != http.StatusOK {
			t.Fatalf("answer %s: got %d", move, r.StatusCode)
		}
		return res
	}
	r1 := answer(p1, p1.Solution)
	if !r1.Correct || !r1.Rated || r1.Before == nil || r1.Before.Rating != 1500 || r1.Player.Rating <= 1500 || r1.Puzzle.Rating >= p1.Rating || r1.Player.Solved != 1 {
		t.Errorf("first solve: got %+v (before %+v, player %+v, puzzle %+v), want rated, the player up from 1500 and the puzzle down from %v",
			r1, r1.Before, r1.Player, r1.Puzzle, p1.Rating)
	}
	again := answer(p1, p1.Solution)
	if again.Rated || again.Player.Rating != r1.Player.Rating || again.Puzzle.Rating != r1.Puzzle.Rating {
		t.Errorf("repeat: got %+v, want nothing changed", again)
	}
	var next api.Puzzle
	b.send("GET", "/api/puzzles/"+game+"/next", nil, &next)
	if next.ID == p1.ID || next.Player == nil || next.Player.Rating != r1.Player.Rating || !next.Player.Provisional {
		t.Errorf("next: got %s with player %+v, want another puzzle and the rating %v, provisional", next.ID, next.Player, r1.Player.Rating)
	}
	wrong := ""
	s, _ := games.Registry().New(p2.Game, p2.Position)
	for _, m := range s.Moves(nil) {
		if mv := s.FormatMove(m); mv != p2.Solution {
			wrong = mv
			break
		}
	}
	r2 := answer(p2, wrong)
	if r2.Correct || !r2.Rated || r2.Player.Rating >= r1.Player.Rating || r2.Puzzle.Rating <= p2.Rating || r2.Player.Attempts != 2 {
		t.Errorf("miss: got %+v (player %+v, puzzle %+v), want rated, the player down from %v, the puzzle up from %v",
			r2, r2.Player, r2.Puzzle, r1.Player.Rating, p2.Rating)
	}
}

// TestPuzzlePack: the offline app's pack holds every puzzle of a game
// with its solution, and a game without puzzles is a 404.
func TestPuzzlePack(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *server.Config) { c.Registry = games.Registry() })
	set, err := puzzles.Load(games.Registry())
	if err != nil {
		t.Fatal(err)
	}
	for _, game := range set.Games() {
		var pack api.PuzzlePack
		if st := e.call("GET", "/api/puzzles/"+game+"/pack", nil, &pack); st != http.StatusOK || len(pack.Puzzles) != len(set.Of(game)) {
			t.Fatalf("%s: got %d and %d puzzles, want 200 and %d", game, st, len(pack.Puzzles), len(set.Of(game)))
		}
		for i, pz := range set.Of(game) {
			if got := pack.Puzzles[i]; got.ID != pz.ID || got.Position != pz.Position || got.Solution != pz.Solution {
				t.Errorf("%s #%d: got %+v, want %s %q solved by %s", game, i, got, pz.ID, pz.Position, pz.Solution)
			}
		}
	}
	if st := e.call("GET", "/api/puzzles/nosuchgame/pack", nil, nil); st != http.StatusNotFound {
		t.Errorf("a game without puzzles: got %d, want 404", st)
	}
}
