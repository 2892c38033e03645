package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/api"
)

// me returns p's lobby identity as e sees it.
func (p *visitor) me(e *env) api.PlayerRef {
	var l api.Lobby
	p.call(e, "GET", "/api/lobby", nil, &l)
	return l.Me
}

// waitLobby polls GET /api/lobby as p until cond holds or 10s pass.
func (p *visitor) waitLobby(e *env, what string, cond func(api.Lobby) bool) api.Lobby {
	p.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var l api.Lobby
		p.call(e, "GET", "/api/lobby", nil, &l)
		if cond(l) {
			return l
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("waiting for %s: last lobby %+v", what, l)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestChallenge: a challenge to a named player reaches them live; only
// they may accept or decline it.
func TestChallenge(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fastLobby)
	ann, bea, carl := newPerson(t).join(e), newPerson(t).join(e), newPerson(t).join(e)
	ann.lobbyWS(e)
	beaWS := bea.lobbyWS(e)
	carl.lobbyWS(e)
	beaName := bea.me(e).Name
	ann.waitLobby(e, "Bea online", func(l api.Lobby) bool {
		for _, p := range l.Online {
			if p.Name == beaName {
				return true
			}
		}
		return false
	})
	var eb api.Error
	if st := ann.call(e, "POST", "/api/lobby/seeks", api.SeekRequest{Game: "tictactoe", To: "nobody"}, &eb); st != http.StatusNotFound || eb.Code != "player_not_found" {
		t.Errorf("challenge to nobody: got %d %+v, want 404 player_not_found", st, eb)
	}
	challenge := func() api.Seek {
		var k api.Seek
		if st := ann.call(e, "POST", "/api/lobby/seeks", api.SeekRequest{Game: "tictactoe", To: beaName}, &k); st != http.StatusCreated {
			t.Fatalf("challenge: got %d", st)
		}
		next(t, beaWS, "the challenge", func(m api.LobbyMessage) bool {
			return m.Type == "lobby" && len(m.Lobby.Challenges) == 1 && m.Lobby.Challenges[0].ID == k.ID && len(m.Lobby.Seeks) == 0
		})
		return k
	}
	k := challenge()
	for _, c := range []struct {
		who    *visitor
		action string
		status int
		code   string
	}{
		{carl, "accept", http.StatusForbidden, "not_for_you"},
		{carl, "decline", http.StatusConflict, "seek_gone"},
		{ann, "accept", http.StatusConflict, "own_seek"},
		{bea, "decline", http.StatusOK, ""},
		{bea, "accept", http.StatusConflict, "seek_gone"},
	} {
		var eb api.Error
		if st := c.who.call(e, "POST", "/api/lobby/seeks/"+k.ID+"/"+c.action, nil, &eb); st != c.status || eb.Code != c.code {
			t.Errorf("%s: got %d %q, want %d %q", c.action, st, eb.Code, c.status, c.code)
		}
	}
	k = challenge()
	var started api.Started
	if st := bea.call(e, "POST", "/api/lobby/seeks/"+k.ID+"/accept", nil, &started); st != http.StatusOK || started.Game == "" {
		t.Fatalf("accept: got %d %+v, want a game", st, started)
	}
	if v := e.view(started.Game); v.Rated {
		t.Errorf("a casual challenge started a rated game")
	}
	var rated api.Seek
	ann.call(e, "POST", "/api/lobby/seeks", api.SeekRequest{Game: "tictactoe", Rated: true, TimeControl: "3d"}, &rated)
	if st := carl.call(e, "POST", "/api/lobby/seeks/"+rated.ID+"/accept", nil, &started); st != http.StatusOK {
		t.Fatalf("accept a rated seek: got %d", st)
	}
	if v := e.view(started.Game); !v.Rated {
		t.Errorf("a rated seek started a casual game")
	}
}

// TestSeekDiesWithConnection: a real-time seek goes when its owner's
// last lobby connection closes; a correspondence seek stays.
func TestSeekDiesWithConnection(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fastLobby)
	ann, bea := newPerson(t).join(e), newPerson(t).join(e)
	first := ann.lobbyWS(e)
	second := ann.lobbyWS(e)
	next(t, first, "the lobby", func(m api.LobbyMessage) bool { return m.Type == "lobby" })
	next(t, second, "the lobby", func(m api.LobbyMessage) bool { return m.Type == "lobby" })
	var rt, co api.Seek
	ann.call(e, "POST", "/api/lobby/seeks", api.SeekRequest{Game: "tictactoe"}, &rt)
	ann.call(e, "POST", "/api/lobby/seeks", api.SeekRequest{Game: "tictactoe", Kind: "correspondence"}, &co)
	for _, close := range ann.closers {
		close()
	}
	// Only the correspondence seek stays (the lobby as read after both
	// were posted, and after the sockets closed).
	bea.waitLobby(e, "the real-time seek gone", func(l api.Lobby) bool {
		return len(l.Seeks) == 1 && l.Seeks[0].ID == co.ID
	})
	if rt.ID == "" || co.ID == "" {
		t.Errorf("got seeks %q and %q, want both posted", rt.ID, co.ID)
	}
}

// TestRematch: one click for each player starts one game, colours
// swapped; the offerer learns its seat and token by asking.
func TestRematch(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fastLobby)
	c := e.create(humans())
	tok := [2]string{c.Seats[0].Token, c.Seats[1].Token}
	var r api.Rematch
	if st := e.call("POST", "/api/games/"+c.ID+"/rematch", map[string]string{"token": tok[0]}, &r); st != http.StatusConflict {
		t.Errorf("rematch of an ongoing game: got %d, want 409", st)
	}
	e.call("POST", "/api/games/"+c.ID+"/resign", map[string]string{"token": tok[1]}, nil)
	if st := e.call("POST", "/api/games/"+c.ID+"/rematch", map[string]string{"token": "nope"}, &r); st != http.StatusForbidden {
		t.Errorf("rematch with a bad token: got %d, want 403", st)
	}
	for range 2 { // offering twice is one offer
		if st := e.call("POST", "/api/games/"+c.ID+"/rematch", map[string]string{"token": tok[0]}, &r); st != 200 || r.State != "offered" || r.By != 0 {
			t.Errorf("offer: got %d %+v, want offered by 0", st, r)
		}
	}
	if st := e.call("POST", "/api/games/"+c.ID+"/rematch", map[string]string{"token": tok[1]}, &r); st != 200 || r.State != "started" || r.Started == nil || r.Started.Player != 0 {
		t.Fatalf("accept: got %d %+v, want started with seat 1 now first", st, r)
	}
	newGame, accepter := r.Started.Game, r.Started.Token
	req, _ := http.NewRequest("GET", e.url+"/api/games/"+c.ID+"/rematch", nil)
	req.Header.Set("Authorization", "Bearer "+tok[0])
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var mine api.Rematch
	if err := json.NewDecoder(resp.Body).Decode(&mine); err != nil {
		t.Fatal(err)
	}
	if mine.State != "started" || mine.Started == nil || mine.Started.Game != newGame || mine.Started.Player != 1 {
		t.Fatalf("offerer asks: got %+v, want seat 1 of %s", mine, newGame)
	}
	if st, _, msg := e.play(newGame, accepter, "b2", 0); st != 200 {
		t.Errorf("first move by the old second player: got %d %s", st, msg)
	}
	if st, _, msg := e.play(newGame, mine.Started.Token, "a1", 1); st != 200 {
		t.Errorf("second move by the old first player: got %d %s", st, msg)
	}
}

// TestWatchers counts the spectators of a game, not its players.
func TestWatchers(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fastLobby)
	c := e.create(humans())
	ctx := context.Background()
	player := e.watch(ctx, c.ID)
	if err := player.Write(ctx, 1, []byte(`{"token":"`+c.Seats[0].Token+`"}`)); err != nil {
		t.Fatal(err)
	}
	e.watch(ctx, c.ID)
	e.watch(ctx, c.ID)
	deadline := time.Now().Add(10 * time.Second)
	for {
		var w api.Watchers
		e.call("GET", "/api/games/"+c.ID+"/watchers", nil, &w)
		if w.Watchers == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("got %d watchers, want 2 (three sockets, one a player's)", w.Watchers)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestRematchBetweenPlayers: after a lobby game, each player's one
// click (by session, no token) starts the rematch with the players'
// colours swapped.
func TestRematchBetweenPlayers(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fastLobby)
	ann, bea := newPerson(t).join(e), newPerson(t).join(e)
	var k api.Seek
	ann.call(e, "POST", "/api/lobby/seeks", api.SeekRequest{Game: "tictactoe", Colour: "first"}, &k)
	var started api.Started
	if st := bea.call(e, "POST", "/api/lobby/seeks/"+k.ID+"/accept", nil, &started); st != http.StatusOK {
		t.Fatalf("accept: got %d", st)
	}
	id := started.Game
	if st := bea.call(e, "POST", "/api/games/"+id+"/resign", api.TokenRequest{}, nil); st != http.StatusOK {
		t.Fatalf("resign: got %d", st)
	}
	var r api.Rematch
	if st := ann.call(e, "POST", "/api/games/"+id+"/rematch", api.TokenRequest{}, &r); st != 200 || r.State != "offered" || r.By != 0 {
		t.Fatalf("offer: got %d %+v, want offered by 0", st, r)
	}
	if st := bea.call(e, "POST", "/api/games/"+id+"/rematch", api.TokenRequest{}, &r); st != 200 || r.Started == nil || r.Started.Player != 0 {
		t.Fatalf("accept: got %d %+v, want Bea first in the new game", st, r)
	}
	var mine api.Rematch
	ann.call(e, "GET", "/api/games/"+id+"/rematch", nil, &mine)
	if mine.Started == nil || mine.Started.Game != r.Started.Game || mine.Started.Player != 1 || mine.Started.Token != "" {
		t.Fatalf("Ann asks: got %+v, want seat 1 of %s by her session", mine, r.Started.Game)
	}
	old, v := e.view(id), e.view(r.Started.Game)
	if v.Seats[0].Player == nil || v.Seats[1].Player == nil || v.Seats[0].Player.ID != old.Seats[1].Player.ID || v.Seats[1].Player.ID != old.Seats[0].Player.ID {
		t.Errorf("got seats %+v after %+v, want the players swapped", v.Seats, old.Seats)
	}
	if st := bea.play(e, r.Started.Game, "b2", 0); st != 200 {
		t.Errorf("Bea's first move in the rematch: got %d", st)
	}
}
