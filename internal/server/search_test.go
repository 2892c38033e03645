package server_test

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/server"
)

// searchEnv has two accounts, ada and bob, and three finished games of
// theirs: ada resigns an Oshi game and a Yoxii game, bob an Oshi game;
// and an Oxford game still going.
func searchEnv(t *testing.T) (*env, map[string][]string) {
	t.Helper()
	e, _ := shareEnv(t)
	ada, bob := newBrowser(t, e), newBrowser(t, e)
	ids := map[string][]string{
		"ada": {ada.signUp("ada", "a long enough password 1").Name},
		"bob": {bob.signUp("bob", "a long enough password 2").Name},
	}
	for _, c := range []struct {
		game     string
		resigner int
		finish   bool
	}{{"oshi", 0, true}, {"yoxii", 0, true}, {"oshi", 1, true}, {"oxford", 0, false}} {
		var cr api.CreateResponse
		if a := ada.send("POST", "/api/games", api.CreateRequest{Game: c.game, Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}}, &cr); a.StatusCode != http.StatusCreated {
			t.Fatalf("create: got %d", a.StatusCode)
		}
		u, _ := url.Parse(cr.Invite)
		q, _ := url.ParseQuery(u.Fragment)
		if a := bob.send("POST", "/api/games/"+cr.ID+"/claim", api.ClaimRequest{Tokens: []string{q.Get("token")}}, nil); a.StatusCode != http.StatusOK {
			t.Fatalf("claim: got %d", a.StatusCode)
		}
		if c.finish {
			if a := [2]*browser{ada, bob}[c.resigner].send("POST", "/api/games/"+cr.ID+"/resign", api.TokenRequest{}, nil); a.StatusCode != http.StatusOK {
				t.Fatalf("resign: got %d", a.StatusCode)
			}
		}
		ids[c.game] = append(ids[c.game], cr.ID)
	}
	return e, ids
}

// TestSearchGames checks each filter against the games made.
func TestSearchGames(t *testing.T) {
	e, ids := searchEnv(t)
	today := time.Now().UTC().Format("2006-01-02")
	for _, c := range []struct {
		query string
		want  []string
	}{
		{"", []string{ids["oshi"][0], ids["yoxii"][0], ids["oshi"][1]}},
		{"game=oshi", []string{ids["oshi"][0], ids["oshi"][1]}},
		{"game=yoxii&player=ada", []string{ids["yoxii"][0]}},
		{"player=ada&result=win", []string{ids["oshi"][1]}},
		{"player=bob&result=win", []string{ids["oshi"][0], ids["yoxii"][0]}},
		{"player=ada&opponent=bob&result=second", []string{ids["oshi"][0], ids["yoxii"][0]}},
		{"rated=yes", nil},
		{"control=untimed&from=" + today + "&to=" + today, []string{ids["oshi"][0], ids["yoxii"][0], ids["oshi"][1]}},
		{"control=5%2B3", nil},
		{"from=2020-01-01&to=2020-12-31", nil},
	} {
		var got server.GameHits
		if st := e.call("GET", "/api/search/games?"+c.query, nil, &got); st != http.StatusOK {
			t.Errorf("%s: got %d, want 200", c.query, st)
			continue
		}
		var gotIDs []string
		for _, g := range got.Games {
			gotIDs = append(gotIDs, g.ID)
		}
		if !sameSet(gotIDs, c.want) {
			t.Errorf("%s: got %v, want %v", c.query, gotIDs, c.want)
		}
	}
}

// TestSearchOwnGames: a player's search of their own games finds their
// unlisted games, which nobody else's search does; "oshi:" is the
// standard options only, and a variant is found by its id.
func TestSearchOwnGames(t *testing.T) {
	e, _ := shareEnv(t)
	ada, bob, eve := newBrowser(t, e), newBrowser(t, e), newBrowser(t, e)
	adaID, bobID := ada.signUp("ada", "a long enough password 1").ID, bob.signUp("bob", "a long enough password 2").ID
	eve.signUp("eve", "a long enough password 3")
	made := map[string]string{}
	for _, c := range []struct {
		game    string
		private bool
	}{{"yoxii", true}, {"oshi", false}} {
		var cr api.CreateResponse
		if a := ada.send("POST", "/api/games", api.CreateRequest{Game: c.game, Private: c.private, Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}}, &cr); a.StatusCode != http.StatusCreated {
			t.Fatalf("create: got %d", a.StatusCode)
		}
		u, _ := url.Parse(cr.Invite)
		q, _ := url.ParseQuery(u.Fragment)
		bob.send("POST", "/api/games/"+cr.ID+"/claim", api.ClaimRequest{Tokens: []string{q.Get("token")}}, nil)
		if a := ada.send("POST", "/api/games/"+cr.ID+"/resign", api.TokenRequest{}, nil); a.StatusCode != http.StatusOK {
			t.Fatalf("resign: got %d", a.StatusCode)
		}
		made[c.game] = cr.ID
	}
	for _, c := range []struct {
		who   *browser
		name  string
		query string
		want  []string
	}{
		{ada, "ada, her own", "player=" + adaID, []string{made["yoxii"], made["oshi"]}},
		{bob, "bob, his own", "player=" + bobID, []string{made["yoxii"], made["oshi"]}},
		{eve, "eve, ada's", "player=" + adaID, []string{made["oshi"]}},
		{bob, "bob, ada's", "player=" + adaID, []string{made["oshi"]}},
		{ada, "ada, standard oshi", "player=" + adaID + "&game=oshi:", []string{made["oshi"]}},
		{ada, "ada, oshi with options", "player=" + adaID + "&game=oshi:x=y", nil},
	} {
		var got server.GameHits
		if a := c.who.send("GET", "/api/search/games?"+c.query, nil, &got); a.StatusCode != http.StatusOK {
			t.Errorf("%s: got %d, want 200", c.name, a.StatusCode)
			continue
		}
		var ids []string
		for _, g := range got.Games {
			ids = append(ids, g.ID)
		}
		if !sameSet(ids, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, ids, c.want)
		}
	}
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]int{}
	for _, x := range a {
		seen[x]++
	}
	for _, x := range b {
		if seen[x]--; seen[x] < 0 {
			return false
		}
	}
	return true
}

// TestSearchPaging walks the games two at a time.
func TestSearchPaging(t *testing.T) {
	e, _ := searchEnv(t)
	var all []string
	path := "/api/search/games?limit=2"
	for range 5 {
		var page server.GameHits
		if st := e.call("GET", path, nil, &page); st != http.StatusOK {
			t.Fatalf("got %d", st)
		}
		for _, g := range page.Games {
			all = append(all, g.ID)
		}
		if page.Next == "" {
			break
		}
		path = "/api/search/games?limit=2&cursor=" + url.QueryEscape(page.Next)
	}
	if len(all) != 3 || all[0] == all[1] || all[1] == all[2] {
		t.Errorf("got pages of %v, want the 3 games once each", all)
	}
}

// TestSearchBadInput checks absurd searches: a clear 400, no 5xx.
func TestSearchBadInput(t *testing.T) {
	e, _ := searchEnv(t)
	for _, c := range []struct{ path, says string }{
		{"/api/search/games?from=1900-01-01", "dates are YYYY-MM-DD"},
		{"/api/search/games?from=2026-05-01&to=2026-01-01", "ends before it starts"},
		{"/api/search/games?to=99999-01-01", "dates are"},
		{"/api/search/games?limit=100000", "limit must be 1 to 100"},
		{"/api/search/games?limit=-1", "limit must be"},
		{"/api/search/games?result=win", "needs a player"},
		{"/api/search/games?result=maybe", "result must be"},
		{"/api/search/games?player=nobody", "no player"},
		{"/api/search/games?rated=perhaps", "rated must be"},
		{"/api/search/games?control=" + strings.Repeat("9", 50), "control"},
		{"/api/search/games?cursor=zz", "bad cursor"},
		{"/api/search/players?q=", "1 to 40 characters"},
		{"/api/search/players?q=" + strings.Repeat("a", 41), "1 to 40 characters"},
		{"/api/players/nobody/export", "no such player"},
		{"/api/players/ada/export?format=pdf", "format must be"},
	} {
		var eb errorBody
		if st := e.call("GET", c.path, nil, &eb); st/100 != 4 || !strings.Contains(eb.Error, c.says) {
			t.Errorf("%s: got %d %q, want 4xx saying %q", c.path, st, eb.Error, c.says)
		}
	}
}

// TestSearchPlayers finds players by any case of their name's start,
// with their ratings.
func TestSearchPlayers(t *testing.T) {
	e, ids := searchEnv(t)
	ada, bob := ids["ada"][0], ids["bob"][0]
	for _, c := range []struct {
		q    string
		want []string
	}{{strings.ToUpper(ada), []string{ada}}, {strings.ToLower(bob), []string{bob}}, {"%", nil}, {"_", nil}, {"zzz", nil}} {
		var got []server.PlayerHit
		if st := e.call("GET", "/api/search/players?q="+url.QueryEscape(c.q), nil, &got); st != http.StatusOK {
			t.Fatalf("%s: got %d", c.q, st)
		}
		var names []string
		for _, h := range got {
			names = append(names, h.Name)
			if h.Ratings == nil {
				t.Errorf("%s: got no ratings map", c.q)
			}
		}
		if !sameSet(names, c.want) {
			t.Errorf("%q: got %v, want %v", c.q, names, c.want)
		}
	}
}

// TestExport streams a player's games as readable records and as JSON
// lines.
func TestExport(t *testing.T) {
	e, ids := searchEnv(t)
	req, _ := http.NewRequest("GET", e.url+"/api/players/ada/export", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	if _, err := io.Copy(&b, resp.Body); err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || strings.Count(b.String(), "[Game ") != 3 || !strings.Contains(b.String(), `[First "`+ids["ada"][0]+`"]`) {
		t.Errorf("got %d %q, want 3 readable records", resp.StatusCode, b.String())
	}
	_, h, body := e.get("/api/players/bob/export?format=ndjson")
	if h.Get("Content-Type") != "application/x-ndjson" || strings.Count(string(body), "\n") != 3 {
		t.Errorf("ndjson: got %s %q, want 3 lines", h.Get("Content-Type"), body)
	}
}
