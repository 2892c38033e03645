package server_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/ratings"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store/storetest"
)

// TestRatedCreate: only a game between two people on their own devices
// may be rated; the view and the list say that it is.
func TestRatedCreate(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	invite := api.CreateRequest{Game: "tictactoe", Rated: true, TimeControl: "3d", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}}
	c := e.create(invite)
	if !c.View.Rated {
		t.Errorf("got an unrated view for a rated game")
	}
	if v := e.view(c.ID); !v.Rated {
		t.Errorf("got an unrated view from GET")
	}
	var list api.GameList
	e.call("GET", "/api/games", nil, &list)
	if len(list.Games) != 1 || !list.Games[0].Rated {
		t.Errorf("got list %+v, want the rated game", list.Games)
	}
	if c := e.create(humans()); c.View.Rated {
		t.Errorf("got a rated view for a casual game")
	}
	local := humans()
	local.Rated, local.TimeControl = true, "3d"
	ai := vsAI(3)
	ai.Rated, ai.TimeControl = true, "3d"
	untimed := invite
	untimed.TimeControl = ""
	for _, tc := range []struct {
		name string
		req  api.CreateRequest
	}{{"hot seat", local}, {"against the AI", ai}, {"untimed (casual only)", untimed}} {
		var eb errorBody
		if st := e.call("POST", "/api/games", tc.req, &eb); st != http.StatusBadRequest {
			t.Errorf("%s, rated: got %d (%s), want 400", tc.name, st, eb.Error)
		}
	}
}

// TestCatalogRatings: the catalog places every option combination's AI
// levels on the rating scale and lists the rating pools.
func TestCatalogRatings(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *server.Config) { c.Registry = games.Registry() })
	var cat api.Catalog
	if st := e.call("GET", "/api/catalog", nil, &cat); st != 200 {
		t.Fatalf("got status %d", st)
	}
	for _, g := range cat.Games {
		if len(g.LevelRatings) != len(g.Starts) {
			t.Errorf("%s: got level ratings for %d ids, want %d", g.Name, len(g.LevelRatings), len(g.Starts))
		}
		for id, got := range g.LevelRatings {
			want, err := ai.LevelRatings(id)
			if err != nil || len(got) != len(want) {
				t.Fatalf("%s: got %v, want %v (%v)", id, got, want, err)
			}
			for i := range want {
				if float64(got[i]) != want[i] {
					t.Errorf("%s level %d: got %d, want %v", id, i+1, got[i], want[i])
				}
			}
		}
	}
	oxford := cat.Games[slices.IndexFunc(cat.Games, func(g api.CatalogGame) bool { return g.Name == "oxford" })]
	if p := oxford.RatingPools; len(p) != 2 || p[0].Group != "oxford" || p[1].Group != "oxford:variant=beginner" || p[1].Label["en"] == "" {
		t.Errorf("got oxford's pools %+v, want standard then beginner, labelled", p)
	}
}

// ratedBetween creates a rated tictactoe game by a (seat 0), whose invite
// b claims (seat 1), through the servers each browser talks to.
func ratedBetween(t *testing.T, a, b *browser) string {
	t.Helper()
	var c created
	req := api.CreateRequest{Game: "tictactoe", Rated: true, TimeControl: "3d", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}}
	if resp := a.send("POST", "/api/games", req, &c); resp.StatusCode != http.StatusCreated {
		t.Fatalf("create: got %d", resp.StatusCode)
	}
	tok := c.Invite[strings.Index(c.Invite, "token=")+len("token="):]
	var cl api.Claim
	if resp := b.send("POST", "/api/games/"+c.ID+"/claim", api.ClaimRequest{Tokens: []string{tok}}, &cl); resp.StatusCode != 200 || len(cl.Seats) != 1 {
		t.Fatalf("claim: got %d %+v", resp.StatusCode, cl)
	}
	return c.ID
}

// playFirst has the browser play the first legal move of the game.
func playFirst(t *testing.T, p *browser, id string) {
	t.Helper()
	var v view
	p.send("GET", "/api/games/"+id, nil, &v)
	seen := len(v.Moves)
	if resp := p.send("POST", "/api/games/"+id+"/moves", api.MoveRequest{Move: v.Legal[0], Seen: &seen}, nil); resp.StatusCode != 200 {
		t.Fatalf("move %s: got %d", v.Legal[0], resp.StatusCode)
	}
}

// playEach has a and b, a to move first, each play n first legal moves.
func playEach(t *testing.T, a, b *browser, id string, n int) {
	t.Helper()
	for range n {
		playFirst(t, a, id)
		playFirst(t, b, id)
	}
}

func leaderboardOf(t *testing.T, p *browser, group string) []api.RatedPlayer {
	t.Helper()
	var lb api.Leaderboard
	if resp := p.send("GET", "/api/leaderboard/"+group, nil, &lb); resp.StatusCode != 200 {
		t.Fatalf("leaderboard: got %d", resp.StatusCode)
	}
	return lb.Players
}

// TestRatingsApplied: a rated game between two players moves both
// ratings once, by Glicko-2, when it ends; an aborted rated game, a
// casual game and a take-back after the end change nothing.
func TestRatingsApplied(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withPage)
	a, b := newBrowser(t, e), newBrowser(t, e)
	ma, mb := a.me(), b.me()

	id := ratedBetween(t, a, b)
	playEach(t, a, b, id, ratings.MinMovesEach)
	if resp := a.send("POST", "/api/games/"+id+"/resign", api.TokenRequest{}, nil); resp.StatusCode != 200 {
		t.Fatalf("resign: got %d", resp.StatusCode)
	}
	wantB, wantA := ratings.Game(ratings.New(), ratings.New(), time.Time{}, time.Time{}, time.Now(), ratings.Win)
	var gotS []string
	for _, p := range []api.Me{mb, ma} {
		var pr api.PlayerRatings
		a.send("GET", "/api/ratings/"+p.ID, nil, &pr)
		for _, r := range pr.Ratings {
			gotS = append(gotS, fmt.Sprintf("%s %s %d %d %d %v", r.Player, r.Name, r.Rating, r.RD, r.Games, r.Provisional))
		}
	}
	want := []string{
		fmt.Sprintf("%s %s %d %d 1 true", mb.ID, mb.Name, int(wantB.R+0.5), int(wantB.RD+0.5)),
		fmt.Sprintf("%s %s %d %d 1 true", ma.ID, ma.Name, int(wantA.R+0.5), int(wantA.RD+0.5)),
	}
	if fmt.Sprint(gotS) != fmt.Sprint(want) {
		t.Errorf("ratings: got %v, want %v", gotS, want)
	}
	if got := leaderboardOf(t, a, "tictactoe"); len(got) != 0 {
		t.Errorf("leaderboard: got %+v, want none (two provisional guests)", got)
	}

	// Aborted (b never moved), then casual: nothing changes.
	aborted := ratedBetween(t, a, b)
	playFirst(t, a, aborted)
	a.send("POST", "/api/games/"+aborted+"/resign", api.TokenRequest{}, nil)
	var c created
	a.send("POST", "/api/games", api.CreateRequest{Game: "tictactoe", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}}, &c)
	var pr api.PlayerRatings
	if a.send("GET", "/api/ratings/"+ma.ID, nil, &pr); len(pr.Ratings) != 1 || pr.Ratings[0].Games != 1 || len(pr.Ratings[0].History) != 1 ||
		pr.Ratings[0].History[0].Game != id || pr.Ratings[0].Rating != int(wantA.R+0.5) {
		t.Errorf("a's ratings after an aborted game: got %+v, want one game, %s", pr, id)
	}
	if resp := b.send("POST", "/api/games/"+id+"/undo", api.UndoRequest{}, nil); resp.StatusCode != http.StatusConflict {
		t.Errorf("take-back of a rated game that is over: got %d, want 409", resp.StatusCode)
	}
	for _, tc := range []struct {
		group string
		want  int
	}{{"tictactoe", 200}, {"nope", 404}} {
		if resp := a.send("GET", "/api/leaderboard/"+tc.group, nil, nil); resp.StatusCode != tc.want {
			t.Errorf("leaderboard of %s: got %d, want %d", tc.group, resp.StatusCode, tc.want)
		}
	}
}

// TestRatingsOnceAcrossServers: on two servers sharing PostgreSQL, both
// players resign the same rated game at once, each through another
// server: the game ends once and the ratings move once.
func TestRatingsOnceAcrossServers(t *testing.T) {
	dsn := storetest.PostgresDSN(t)
	t.Parallel()
	schema := storetest.FreshSchema(t, dsn, "ratings")
	e1, e2 := newEnvOn(t, schema, withPage), newEnvOn(t, schema, withPage)
	a := newBrowser(t, e1)
	b := newBrowser(t, e1)
	ma := a.me()
	b.me()
	for i := range 3 {
		id := ratedBetween(t, a, b)
		playEach(t, a, b, id, ratings.MinMovesEach)
		var wg sync.WaitGroup
		codes := make([]int, 2)
		for j, p := range []*browser{a, b.on(e2)} {
			wg.Go(func() { codes[j] = p.send("POST", "/api/games/"+id+"/resign", api.TokenRequest{}, nil).StatusCode })
		}
		wg.Wait()
		slices.Sort(codes)
		if codes[0] != 200 || codes[1] != http.StatusConflict {
			t.Errorf("game %d: two resignations got %v, want one 200 and one 409", i, codes)
		}
		var pr api.PlayerRatings
		a.send("GET", "/api/ratings/"+ma.ID, nil, &pr)
		if len(pr.Ratings) != 1 || pr.Ratings[0].Games != i+1 || len(pr.Ratings[0].History) != i+1 {
			t.Fatalf("after game %d: got %+v, want %d rated games", i, pr.Ratings, i+1)
		}
	}
}
