package server_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/server"
)

func swissRequest(at time.Time) api.TournamentCreate {
	return api.TournamentCreate{Game: "tictactoe", Format: "swiss", Name: "Friday Swiss", Rounds: 2, MinPlayers: 2,
		RoundTime: 86400, StartsAt: at, Games: 1}
}

// TestTournamentBadInput: absurd events and untrusted names are refused
// with a sentence in both languages, and nothing is created.
func TestTournamentBadInput(t *testing.T) {
	clock := newFakeClock()
	e := newEnv(t, func(c *server.Config) { c.Clock = clock })
	guest := newBrowser(t, e)
	guest.me()
	if got, _ := guest.code("POST", "/api/tournaments", swissRequest(clock.Now().Add(time.Hour))); got != http.StatusForbidden {
		t.Errorf("a guest creating: got %d, want 403", got)
	}
	owner := newBrowser(t, e)
	owner.signUp("organiser", "correct horse battery")
	tests := []struct {
		name string
		edit func(*api.TournamentCreate)
	}{
		{"0 rounds", func(r *api.TournamentCreate) { r.Rounds = 0 }},
		{"1 player", func(r *api.TournamentCreate) { r.MinPlayers = 1 }},
		{"10000 in a division", func(r *api.TournamentCreate) { r.Format, r.Division = "roundrobin", 10000 }},
		{"0-second round", func(r *api.TournamentCreate) { r.RoundTime = 0 }},
		{"start in the past", func(r *api.TournamentCreate) { r.StartsAt = clock.Now().Add(-time.Hour) }},
		{"control characters", func(r *api.TournamentCreate) { r.Name = "evil\u202e\x00" }},
		{"no such game", func(r *api.TournamentCreate) { r.Game = "chess" }},
		{"untimed", func(r *api.TournamentCreate) { r.TimeControl = "untimed" }},
	}
	for _, tt := range tests {
		req := swissRequest(clock.Now().Add(time.Hour))
		tt.edit(&req)
		var eb api.Error
		if a := owner.send("POST", "/api/tournaments", req, &eb); a.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: got %d, want 400", tt.name, a.StatusCode)
		}
		if eb.Error == "" || (eb.Text != nil && eb.Text["fr"] == "") {
			t.Errorf("%s: got %+v, want a sentence", tt.name, eb)
		}
	}
	var list []api.Tournament
	owner.send("GET", "/api/tournaments", nil, &list)
	if len(list) != 0 {
		t.Errorf("after bad input: got %d tournaments, want none", len(list))
	}
}

// TestTournamentSwissRuns: four accounts join a Swiss; joining twice is
// refused; at the start the runner pairs the first round and creates its
// games; the players resign or win, the standings change, the second
// round is paired; the second round ends the event, whose winner's
// events list it, and a withdrawal after the end is refused.
func TestTournamentSwissRuns(t *testing.T) {
	clock := newFakeClock()
	e := newEnv(t, func(c *server.Config) { c.Clock = clock })
	var bs []*browser
	for i := range 4 {
		b := newBrowser(t, e)
		b.signUp(fmt.Sprintf("player%d", i), "correct horse battery")
		bs = append(bs, b)
	}
	var tr api.Tournament
	if a := bs[0].send("POST", "/api/tournaments", swissRequest(clock.Now().Add(time.Hour)), &tr); a.StatusCode != http.StatusCreated {
		t.Fatalf("create: got %d, want 201", a.StatusCode)
	}
	path := "/api/tournaments/" + tr.ID
	for _, b := range bs {
		if got, code := b.code("POST", path+"/join", nil); got != http.StatusOK {
			t.Fatalf("join: got %d %s, want 200", got, code)
		}
	}
	if got, _ := bs[0].code("POST", path+"/join", nil); got != http.StatusConflict {
		t.Errorf("joining twice: got %d, want 409", got)
	}
	tourPreview(t, e, tr.ID, "Friday Swiss: a tournament of ", "Entries open, starts ")
	clock.advance(2 * time.Hour)
	v := waitTour(t, bs[0], path, func(v api.TournamentView) bool { return len(v.AllGames) == 2 && v.NextGame != "" })
	if v.State != "running" || v.Round != 1 {
		t.Fatalf("after the start: got %s round %d, want running round 1", v.State, v.Round)
	}
	// Every player's game is read before any resigns: the opponent of a
	// player who resigned first has no game left to show.
	// Each player's view is waited for: the round's games are created
	// before every seat is written, so a player read at once may have
	// none yet (seen under -race on a loaded machine).
	games := make([]string, len(bs))
	for i, b := range bs {
		mine := waitTour(t, b, path, func(v api.TournamentView) bool { return v.NextGame != "" })
		games[i] = mine.NextGame
	}
	for i, b := range bs {
		b.send("POST", "/api/games/"+games[i]+"/resign", api.TokenRequest{}, nil)
	}
	v = waitTour(t, bs[0], path, func(v api.TournamentView) bool { return v.Round == 2 })
	total := 0.0
	for _, st := range v.Standings {
		total += st.Score
	}
	if total != 2 || len(v.Crosstable) != 4 {
		t.Errorf("after round 1: got %v points and a crosstable of %d, want 2 and 4", total, len(v.Crosstable))
	}
	for _, b := range bs {
		mine := waitTour(t, b, path, func(v api.TournamentView) bool { return v.NextGame != "" || v.State == "finished" })
		if mine.NextGame != "" {
			b.send("POST", "/api/games/"+mine.NextGame+"/resign", api.TokenRequest{}, nil)
		}
	}
	v = waitTour(t, bs[0], path, func(v api.TournamentView) bool { return v.State == "finished" })
	var won []api.Tournament
	bs[0].send("GET", "/api/tournaments?winner="+v.Winner.ID, nil, &won)
	if len(won) != 1 || won[0].ID != tr.ID || v.Standings[0].Player.ID != v.Winner.ID {
		t.Errorf("the winner's events: got %+v, want this one", won)
	}
	if got, _ := bs[1].code("POST", path+"/withdraw", nil); got != http.StatusConflict {
		t.Errorf("withdrawing from a finished event: got %d, want 409", got)
	}
	tourPreview(t, e, tr.ID, "(Swiss)", "Won by "+v.Winner.Name+" among 4 players.")
}

// tourPreview fetches a tournament's shared link as a crawler does and
// checks its title, description and board image.
func tourPreview(t *testing.T, e *env, id, title, desc string) {
	t.Helper()
	st, _, b := e.get("/tournament/" + id)
	m := metas(b)
	if st != http.StatusOK || !strings.Contains(m["og:title"], title) || !strings.Contains(m["og:description"], desc) {
		t.Errorf("preview: got %d, title %q, description %q, want 200 with %q and %q", st, m["og:title"], m["og:description"], title, desc)
	}
	if !strings.Contains(m["og:image"], "/api/picture.png?game=tictactoe") || m["twitter:card"] != "summary_large_image" {
		t.Errorf("preview: got image %q, card %q, want the game's board, a large card", m["og:image"], m["twitter:card"])
	}
	if st, _, _ := e.get("/tournament/nosuch"); st != http.StatusNotFound {
		t.Errorf("preview of no tournament: got %d, want 404", st)
	}
}

func waitTour(t *testing.T, b *browser, path string, cond func(api.TournamentView) bool) api.TournamentView {
	t.Helper()
	var v api.TournamentView
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		v = api.TournamentView{}
		b.send("GET", path, nil, &v)
		if cond(v) {
			return v
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("waited in vain: last view %+v", v)
	return v
}

// TestTournamentDeadlineEndsGames: a Swiss game still going when its
// round's hard deadline passes is ended by the runner, a loss for the
// player to act, and the event ends with that result.
func TestTournamentDeadlineEndsGames(t *testing.T) {
	clock := newFakeClock()
	e := newEnv(t, func(c *server.Config) { c.Clock = clock })
	var bs []*browser
	for i := range 2 {
		b := newBrowser(t, e)
		b.signUp(fmt.Sprintf("late%d", i), "correct horse battery")
		bs = append(bs, b)
	}
	req := swissRequest(clock.Now().Add(time.Hour))
	req.Rounds = 1
	var tr api.Tournament
	if a := bs[0].send("POST", "/api/tournaments", req, &tr); a.StatusCode != http.StatusCreated {
		t.Fatalf("create: got %d, want 201", a.StatusCode)
	}
	path := "/api/tournaments/" + tr.ID
	for _, b := range bs {
		if got, code := b.code("POST", path+"/join", nil); got != http.StatusOK {
			t.Fatalf("join: got %d %s, want 200", got, code)
		}
	}
	clock.advance(2 * time.Hour)
	v := waitTour(t, bs[0], path, func(v api.TournamentView) bool { return v.NextGame != "" })
	gameID := v.NextGame
	clock.advance(25 * time.Hour)
	v = waitTour(t, bs[0], path, func(v api.TournamentView) bool { return v.State == "finished" })
	var g api.View
	bs[0].send("GET", "/api/games/"+gameID, nil, &g)
	if g.Result == "ongoing" || g.Reason != "round deadline" || len(v.AllGames) != 1 || !v.AllGames[0].Forfeit {
		t.Errorf("got the game %s by %q, the pairing %+v; want it over by the round deadline, a forfeit", g.Result, g.Reason, v.AllGames)
	}
}
