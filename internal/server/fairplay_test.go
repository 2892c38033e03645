package server_test

import (
	"context"
	"math"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/ratings"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/store/storetest"
)

// ratedWin plays a rated game between a (seat 0) and b in which loser
// resigns after both moved.
func ratedWin(t *testing.T, a, b, loser *browser) {
	t.Helper()
	id := ratedBetween(t, a, b)
	playEach(t, a, b, id, 3) // enough moves for a rated result (docs/ratings.md)
	if resp := loser.send("POST", "/api/games/"+id+"/resign", api.TokenRequest{}, nil); resp.StatusCode != http.StatusOK {
		t.Fatalf("resign: got %d", resp.StatusCode)
	}
}

// lostPoints is what player lost in the rated games they lost, read
// from their rating history.
func lostPoints(t *testing.T, st store.Store, player string) float64 {
	t.Helper()
	hist, err := st.RatingHistory(context.Background(), player, "tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	lost, prev := 0.0, ratings.New().R
	for _, h := range hist {
		lost += math.Max(0, prev-h.R)
		prev = h.R
	}
	return lost
}

func ratingOf(t *testing.T, st store.Store, player string) store.PlayerRating {
	t.Helper()
	r, _, err := st.Rating(context.Background(), player, "tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestMarkEngine: a player marked as an engine user leaves the
// leaderboard, their rated games no longer move ratings, and the rating
// points their opponent lost to them are given back exactly once, even
// when two moderators mark them through two servers.
func TestMarkEngine(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "test.db")
	testMarkEngine(t, path, path)
}

// TestMarkEngineAcrossServers is TestMarkEngine on two servers sharing
// PostgreSQL.
func TestMarkEngineAcrossServers(t *testing.T) {
	dsn := storetest.PostgresDSN(t)
	t.Parallel()
	schema := storetest.FreshSchema(t, dsn, "markx")
	testMarkEngine(t, schema, schema)
}

func testMarkEngine(t *testing.T, one, two string) {
	clock := newFakeClock()
	e1, ms := modEnvOn(t, one, clock)
	e2, _ := modEnvOn(t, two, clock)
	st := ms.(store.Store)
	cheat, victim, mod := newBrowser(t, e1), newBrowser(t, e1), newBrowser(t, e1)
	cheatID, victimID, modID := cheat.me().ID, victim.me().ID, mod.me().ID
	ratedWin(t, cheat, victim, victim)
	ratedWin(t, cheat, victim, cheat)
	ratedWin(t, victim, cheat, victim)
	lost, before := lostPoints(t, st, victimID), ratingOf(t, st, victimID)
	if lost <= 0 {
		t.Fatalf("the victim lost %v points, want some", lost)
	}
	if err := ms.SetRole(context.Background(), modID, moderation.Moderator, "test", clock.Now()); err != nil {
		t.Fatal(err)
	}
	mark := api.ModAction{Player: cheatID, Action: "mark_engine", Reason: "matches the engine"}
	done := make(chan int, 2)
	for _, b := range []*browser{mod, mod.on(e2)} {
		go func() { done <- b.send("POST", "/api/mod/actions", mark, nil).StatusCode }()
	}
	for range 2 {
		if code := <-done; code != http.StatusOK {
			t.Errorf("mark: got %d, want 200", code)
		}
	}
	after := ratingOf(t, st, victimID)
	if math.Abs(after.R-(before.R+lost)) > 1e-9 {
		t.Errorf("victim's rating: got %v, want %v + %v refunded once", after.R, before.R, lost)
	}
	for _, p := range leaderboardOf(t, victim, "tictactoe") {
		if p.Player == cheatID {
			t.Errorf("the marked player is on the leaderboard: %+v", p)
		}
	}
	ratedWin(t, cheat, victim, victim)
	if r := ratingOf(t, st, victimID); r.R != after.R || r.Games != after.Games {
		t.Errorf("a rated game against the marked player: rating %v after %d games, want %v after %d (frozen)", r.R, r.Games, after.R, after.Games)
	}
	if s := standing(t, &visitor{t: t, client: cheat.client}, e1); !s.Engine {
		t.Errorf("the marked player's standing: got %+v, want engine", s)
	}
}

// TestEngineLock: a player's running rated game is refused to the
// engine through the API (its position listed as locked, its engine
// check 403, no hint) while it runs, and only to its players; once
// over, or in a casual game, the engine is allowed. Hints are refused
// in a timed game against the AI.
func TestEngineLock(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withPage)
	a, b, c := newBrowser(t, e), newBrowser(t, e), newBrowser(t, e)
	a.me()
	b.me()
	c.me()
	id := ratedBetween(t, a, b)
	playFirst(t, a, id)
	var v view
	a.send("GET", "/api/games/"+id, nil, &v)
	var locks api.EngineLocks
	if a.send("GET", "/api/fairplay/locks", nil, &locks); len(locks.Games) != 1 || locks.Games[0].ID != id ||
		locks.Games[0].Position != v.Position || locks.Games[0].Why != "rated" {
		t.Errorf("locks of a player: got %+v, want %s at %q, rated", locks, id, v.Position)
	}
	for _, tc := range []struct {
		name string
		who  *browser
		want int
	}{{"its first player", a, http.StatusForbidden}, {"its second player", b, http.StatusForbidden}, {"a spectator", c, http.StatusOK}} {
		if got := tc.who.send("GET", "/api/games/"+id+"/engine", nil, nil).StatusCode; got != tc.want {
			t.Errorf("engine for %s: got %d, want %d", tc.name, got, tc.want)
		}
	}
	for _, p := range []*browser{a, b} {
		if got := p.send("POST", "/api/games/"+id+"/hint", api.TokenRequest{}, nil).StatusCode; got != http.StatusConflict {
			t.Errorf("hint in the running rated game: got %d, want 409", got)
		}
	}
	a.send("POST", "/api/games/"+id+"/resign", api.TokenRequest{}, nil)
	if got := a.send("GET", "/api/games/"+id+"/engine", nil, nil).StatusCode; got != http.StatusOK {
		t.Errorf("engine after the game: got %d, want 200", got)
	}
	if a.send("GET", "/api/fairplay/locks", nil, &locks); len(locks.Games) != 0 {
		t.Errorf("locks after the game: got %+v, want none", locks)
	}
	var casual created
	a.send("POST", "/api/games", humans(), &casual)
	if got := a.send("GET", "/api/games/"+casual.ID+"/engine", nil, nil).StatusCode; got != http.StatusOK {
		t.Errorf("engine in a casual game: got %d, want 200", got)
	}
	timed := vsAI(1)
	timed.TimeControl = "10+5"
	var g created
	if st := a.send("POST", "/api/games", timed, &g).StatusCode; st != http.StatusCreated {
		t.Fatalf("timed game against the AI: got %d", st)
	}
	if got := a.send("POST", "/api/games/"+g.ID+"/hint", api.TokenRequest{}, nil).StatusCode; got != http.StatusConflict {
		t.Errorf("hint in a timed game: got %d, want 409", got)
	}
}

// endedGame stores a finished game between a (seat 0) and b that ended
// at: result and reason as the clock writes them.
func endedGame(t *testing.T, st store.Store, id, a, b, result, reason string, at time.Time) {
	t.Helper()
	g := store.Game{ID: id, Game: "tictactoe", Result: result, Reason: reason, DrawOffer: store.NoOffer, TakeBackBy: store.NoOffer,
		DeclinedBy: -1, ToAct: -1, CreatedAt: at, UpdatedAt: at, Rated: true,
		Seats: [2]store.Seat{{Kind: store.Human, Player: a}, {Kind: store.Human, Player: b}}}
	if err := st.Create(context.Background(), g); err != nil {
		t.Fatal(err)
	}
}

// TestPlayban: a player who aborted or let time out three games in a
// day waits 5 minutes from the last before a rated seek or accept, is
// told until when (also in their standing), and may play casual games;
// the opponent who did nothing wrong is not banned.
func TestPlayban(t *testing.T) {
	t.Parallel()
	clock := newFakeClock()
	e, ms := modEnv(t, clock)
	st := ms.(store.Store)
	a, b := newBrowser(t, e), newBrowser(t, e)
	aID, bID := a.me().ID, b.me().ID
	now := clock.Now()
	endedGame(t, st, "g1", aID, bID, "draw", "aborted", now.Add(-30*time.Minute))   // a never moved
	endedGame(t, st, "g2", bID, aID, "first", "time out", now.Add(-20*time.Minute)) // a (seat 1) timed out
	endedGame(t, st, "g3", aID, bID, "second", "time out", now.Add(-1*time.Minute)) // a (seat 0) timed out
	endedGame(t, st, "g4", bID, aID, "second", "resigned", now.Add(-1*time.Minute)) // b resigned: fine
	rated := api.SeekRequest{Game: "tictactoe", TimeControl: "10+5", Rated: true}
	var eb api.Error
	if got := a.send("POST", "/api/lobby/seeks", rated, &eb).StatusCode; got != http.StatusForbidden || !strings.Contains(eb.Error, "2026-11-26T12:04:00Z") {
		t.Errorf("rated seek while playbanned: got %d %q, want 403 until 12:04", got, eb.Error)
	}
	var s api.Standing
	if a.send("GET", "/api/me/standing", nil, &s); s.Playban == "" {
		t.Errorf("standing: got %+v, want the playban", s)
	}
	if got := a.send("POST", "/api/lobby/seeks", api.SeekRequest{Game: "tictactoe"}, nil).StatusCode; got != http.StatusCreated {
		t.Errorf("casual seek while playbanned: got %d, want 201", got)
	}
	var k api.Seek
	if got := b.send("POST", "/api/lobby/seeks", rated, &k).StatusCode; got != http.StatusCreated {
		t.Fatalf("the opponent's rated seek: got %d, want 201", got)
	}
	if got := a.send("POST", "/api/lobby/seeks/"+k.ID+"/accept", nil, nil).StatusCode; got != http.StatusForbidden {
		t.Errorf("accepting a rated seek while playbanned: got %d, want 403", got)
	}
	clock.add(4*time.Minute + time.Second)
	if got := a.send("POST", "/api/lobby/seeks", rated, nil).StatusCode; got != http.StatusCreated {
		t.Errorf("rated seek after the wait: got %d, want 201", got)
	}
}
