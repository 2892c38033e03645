package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store/storetest"
)

// person is a browser: a cookie jar holding a guest's session.
type person struct {
	e      *env
	t      testing.TB
	client *http.Client
	me     api.Me
	key    string // sent as Authorization: Bearer when set
}

// guest opens a browser on e: its first GET /api/me makes a guest.
func (e *env) guest() *person {
	e.t.Helper()
	jar, _ := cookiejar.New(nil)
	p := &person{e: e, t: e.t, client: &http.Client{Jar: jar}}
	if st := p.call("GET", "/api/me", nil, &p.me); st != http.StatusOK || p.me.ID == "" {
		e.t.Fatalf("GET /api/me: got %d %+v, want a guest", st, p.me)
	}
	return p
}

func (p *person) call(method, path string, body any, out any) int {
	p.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, p.e.url+path, rd)
	if p.key != "" {
		req.Header.Set("Authorization", "Bearer "+p.key)
	}
	if method != http.MethodGet {
		req.Header.Set("Origin", p.e.url) // as a browser says where an unsafe request comes from
	}
	resp, err := p.client.Do(req)
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil && len(data) > 0 {
		if err := json.Unmarshal(data, out); err != nil {
			p.t.Fatalf("%s %s: answer %q: %v", method, path, data, err)
		}
	}
	return resp.StatusCode
}

func (p *person) create(req api.CreateRequest) created {
	p.t.Helper()
	var c created
	if st := p.call("POST", "/api/games", req, &c); st != http.StatusCreated {
		p.t.Fatalf("create: got %d, want 201", st)
	}
	return c
}

func (p *person) claim(id string, tokens ...string) (int, api.Claim) {
	p.t.Helper()
	var out api.Claim
	st := p.call("POST", "/api/games/"+id+"/claim", api.ClaimRequest{Tokens: tokens}, &out)
	return st, out
}

func (p *person) move(id, mv string, seen int) int {
	p.t.Helper()
	return p.call("POST", "/api/games/"+id+"/moves", api.MoveRequest{Move: mv, Seen: &seen}, nil)
}

// friendGame is a tic-tac-toe between two people, the creator first.
func friendGame() api.CreateRequest {
	me := 0
	return api.CreateRequest{Game: "tictactoe", Me: &me, Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}}
}

// inviteToken is the token in an invite link.
func inviteToken(t testing.TB, invite string) string {
	t.Helper()
	_, frag, _ := strings.Cut(invite, "#")
	q, err := url.ParseQuery(frag)
	if err != nil || q.Get("token") == "" {
		t.Fatalf("invite %q: no token", invite)
	}
	return q.Get("token")
}

// TestInviteClaimedOnce: the first player to accept an invite takes the
// seat and plays as themselves; a third who opens the link watches and
// is told who took it; the link's token no longer moves for anyone.
func TestInviteClaimedOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, carol := e.guest(), e.guest(), e.guest()
	c := alice.create(friendGame())
	if c.Seats[0].Token != "" || c.Invite == "" || c.View.Seats[0].Player == nil || c.View.Seats[0].Player.ID != alice.me.ID {
		t.Fatalf("got seats %+v, invite %q, view seats %+v: want alice's seat without a token, and an invite", c.Seats, c.Invite, c.View.Seats)
	}
	tok := inviteToken(t, c.Invite)
	for _, tc := range []struct {
		name  string
		who   *person
		seats string
		taken string
		own   bool
	}{
		{"creator opens own invite", alice, "[0]", "", true},
		{"friend accepts", bob, "[1]", "", false},
		{"friend again", bob, "[1]", "", false},
		{"third player", carol, "[]", bob.me.Name, false},
	} {
		st, got := tc.who.claim(c.ID, tok)
		taken := ""
		if got.Taken != nil {
			taken = got.Taken.Player.Name
		}
		if st != 200 || fmt.Sprint(got.Seats) != tc.seats || taken != tc.taken || got.OwnInvite != tc.own {
			t.Errorf("%s: got %d %+v (taken by %q), want seats %s, taken by %q, own invite %v", tc.name, st, got, taken, tc.seats, tc.taken, tc.own)
		}
	}
	for _, tc := range []struct {
		name string
		st   int
	}{
		{"alice moves", alice.move(c.ID, "b2", 0)},
		{"carol moves", carol.move(c.ID, "a1", 1)},
		{"the link's token moves", e.callStatus("POST", "/api/games/"+c.ID+"/moves", api.MoveRequest{Move: "a1", Seen: ptr(1), Token: tok})},
		{"bob moves", bob.move(c.ID, "a1", 1)},
	} {
		want := http.StatusOK
		if strings.HasPrefix(tc.name, "carol") || strings.Contains(tc.name, "token") {
			want = http.StatusForbidden
		}
		if tc.st != want {
			t.Errorf("%s: got %d, want %d", tc.name, tc.st, want)
		}
	}
	v := e.view(c.ID)
	if v.Seats[1].Player == nil || v.Seats[1].Player.Name != bob.me.Name || len(v.Moves) != 2 {
		t.Errorf("got seats %+v, %d moves, want bob in seat 1 and 2 moves", v.Seats, len(v.Moves))
	}
}

func ptr(n int) *int { return &n }

// callStatus is call for a program without cookies, keeping the status.
func (e *env) callStatus(method, path string, body any) int {
	e.t.Helper()
	return e.call(method, path, body, nil)
}

// TestRacingClaims: players accepting one invite at once, through two
// servers on one PostgreSQL, give one winner; every other is told who.
func TestRacingClaims(t *testing.T) {
	dsn := storetest.PostgresDSN(t)
	t.Parallel()
	schema := storetest.FreshSchema(t, dsn, "claims")
	servers := [2]*env{newEnvOn(t, schema, nil), newEnvOn(t, schema, nil)}
	alice := servers[0].guest()
	for round := range 3 {
		c := alice.create(friendGame())
		tok := inviteToken(t, c.Invite)
		var people []*person
		for i := range 6 {
			people = append(people, servers[i%2].guest())
		}
		var wg sync.WaitGroup
		answers := make([]api.Claim, len(people))
		status := make([]int, len(people))
		for i, p := range people {
			wg.Go(func() { status[i], answers[i] = p.claim(c.ID, tok) })
		}
		wg.Wait()
		var winners []string
		for i, a := range answers {
			switch {
			case status[i] != 200:
				t.Errorf("round %d, player %d: got status %d", round, i, status[i])
			case fmt.Sprint(a.Seats) == "[1]":
				winners = append(winners, people[i].me.ID)
			case a.Taken == nil:
				t.Errorf("round %d, player %d: got %+v, want the seat or who took it", round, i, a)
			}
		}
		if len(winners) != 1 {
			t.Fatalf("round %d: got winners %v, want one", round, winners)
		}
		for i, a := range answers {
			if a.Taken != nil && a.Taken.Player.ID != winners[0] {
				t.Errorf("round %d, player %d: told the seat went to %s, want %s", round, i, a.Taken.Player.ID, winners[0])
			}
		}
		v := servers[1].view(c.ID)
		if v.Seats[1].Player == nil || v.Seats[1].Player.ID != winners[0] {
			t.Errorf("round %d: got seat 1 %+v, want %s", round, v.Seats[1].Player, winners[0])
		}
	}
}

// TestInviteCancelRenew: the creator cancels or renews an open invite;
// the old link then only watches; nobody else may touch the invite.
func TestInviteCancelRenew(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob := e.guest(), e.guest()
	c := alice.create(friendGame())
	old := inviteToken(t, c.Invite)
	invite := func(p *person, action string) (int, api.Invite) {
		var out api.Invite
		st := p.call("POST", "/api/games/"+c.ID+"/invite", api.InviteRequest{Action: action}, &out)
		return st, out
	}
	if st, _ := invite(bob, "cancel"); st != http.StatusForbidden {
		t.Errorf("bob cancels alice's invite: got %d, want 403", st)
	}
	var mine api.Claim
	if st := alice.call("GET", "/api/games/"+c.ID+"/me", nil, &mine); st != 200 || mine.Invite == nil || *mine.Invite != 1 {
		t.Errorf("alice's seats: got %d %+v, want seat 0 and an invite for 1", st, mine)
	}
	if st, out := invite(alice, "cancel"); st != 200 || out.Invite != "" {
		t.Errorf("cancel: got %d %+v", st, out)
	}
	if st, _ := bob.claim(c.ID, old); st != http.StatusForbidden {
		t.Errorf("claim of a cancelled invite: got %d, want 403", st)
	}
	st, renewed := invite(alice, "renew")
	if st != 200 || renewed.Invite == "" || renewed.Seat != 1 {
		t.Fatalf("renew: got %d %+v", st, renewed)
	}
	if st, _ := bob.claim(c.ID, old); st != http.StatusForbidden {
		t.Errorf("claim with the link before renewal: got %d, want 403", st)
	}
	if st, got := bob.claim(c.ID, inviteToken(t, renewed.Invite)); st != 200 || fmt.Sprint(got.Seats) != "[1]" {
		t.Errorf("claim with the renewed link: got %d %+v, want seat 1", st, got)
	}
	if st, _ := invite(alice, "renew"); st != http.StatusConflict {
		t.Errorf("renew after the claim: got %d, want 409", st)
	}
}

// TestPrivateGames: a private game is in nobody's public list nor the
// public export, but its link shows it, and its players list it.
func TestPrivateGames(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice := e.guest()
	req := vsAI(1)
	req.Private = true
	priv := alice.create(req)
	pub := alice.create(vsAI(1))
	var list api.GameList
	e.call("GET", "/api/games?status=recent", nil, &list)
	var ids []string
	for _, g := range list.Games {
		ids = append(ids, g.ID)
	}
	if fmt.Sprint(ids) != fmt.Sprint([]string{pub.ID}) {
		t.Errorf("public list: got %v, want only %s", ids, pub.ID)
	}
	resp, err := http.Get(e.url + "/api/records?status=recent")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if strings.Contains(string(body), priv.ID) || !strings.Contains(string(body), pub.ID) {
		t.Errorf("export: got %s, want %s and not %s", body, pub.ID, priv.ID)
	}
	if v := e.view(priv.ID); v.ID != priv.ID {
		t.Errorf("private game by link: got %+v", v)
	}
	var mine api.MyGames
	alice.call("GET", "/api/me/games", nil, &mine)
	if len(mine.Games) != 2 {
		t.Errorf("alice's games: got %d, want both", len(mine.Games))
	}
}

// TestMyGames: a player's games, those where it is their turn first,
// each with its opponent.
func TestMyGames(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob := e.guest(), e.guest()
	friend := alice.create(friendGame()) // alice to move
	bob.claim(friend.ID, inviteToken(t, friend.Invite))
	waiting := bob.create(friendGame()) // bob to move: alice waits
	alice.claim(waiting.ID, inviteToken(t, waiting.Invite))
	open := alice.create(friendGame()) // alice to move, nobody invited yet
	if st := alice.move(open.ID, "b2", 0); st != 200 {
		t.Fatalf("move: got %d", st)
	}
	device := alice.create(humans()) // both seats alice's
	var mine api.MyGames
	if st := alice.call("GET", "/api/me/games?status=ongoing", nil, &mine); st != 200 {
		t.Fatalf("my games: got %d", st)
	}
	got := map[string]api.MyGame{}
	var order []string
	for _, g := range mine.Games {
		got[g.ID] = g
		order = append(order, g.ID)
	}
	for _, tc := range []struct {
		id, kind, name string
		turn           bool
	}{
		{friend.ID, "player", bob.me.Name, true},
		{device.ID, "device", "", true},
		{waiting.ID, "player", bob.me.Name, false},
		{open.ID, "invite", "", false},
	} {
		g, ok := got[tc.id]
		name := ""
		if ok && g.Opponent.Player != nil {
			name = g.Opponent.Player.Name
		}
		if !ok || g.Opponent.Kind != tc.kind || name != tc.name || g.YourTurn != tc.turn {
			t.Errorf("game %s: got %+v, want opponent %s %q, your turn %v", tc.id, g, tc.kind, tc.name, tc.turn)
		}
	}
	for i, id := range order {
		if i > 0 && got[id].YourTurn && !got[order[i-1]].YourTurn {
			t.Errorf("got order %v: a game where it is alice's turn after one where it is not", order)
		}
	}
	if e.callStatus("GET", "/api/me/games", nil) != http.StatusUnauthorized {
		t.Errorf("my games without a session: want 401")
	}
}

// TestAPIKeys: a player makes a key in a browser session; a program
// plays as that player with it; revoked, it is refused.
func TestAPIKeys(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice := e.guest()
	var k api.Key
	if st := alice.call("POST", "/api/keys", api.KeyRequest{Label: "my bot"}, &k); st != http.StatusCreated || !strings.HasPrefix(k.Key, "plateau_") {
		t.Fatalf("new key: got %d %+v", st, k)
	}
	bot := &person{e: e, t: t, client: &http.Client{}, key: k.Key, me: alice.me}
	c := bot.create(vsAI(1))
	if c.View.Seats[0].Player == nil || c.View.Seats[0].Player.ID != alice.me.ID {
		t.Errorf("a game made with the key: got seat 0 %+v, want alice's", c.View.Seats[0].Player)
	}
	if st := bot.move(c.ID, "b2", 0); st != 200 {
		t.Errorf("move with the key: got %d", st)
	}
	if st := bot.call("POST", "/api/keys", api.KeyRequest{}, nil); st != http.StatusForbidden {
		t.Errorf("a key making a key: got %d, want 403", st)
	}
	var keys api.Keys
	alice.call("GET", "/api/keys", nil, &keys)
	if len(keys.Keys) != 1 || keys.Keys[0].ID != k.ID || keys.Keys[0].Key != "" || keys.Keys[0].Label != "my bot" {
		t.Errorf("keys: got %+v, want the one key, without its secret", keys)
	}
	if st := e.guest().call("POST", "/api/keys/"+k.ID+"/revoke", nil, nil); st != http.StatusNotFound {
		t.Errorf("another player revokes alice's key: got %d, want 404", st)
	}
	if st := alice.call("POST", "/api/keys/"+k.ID+"/revoke", nil, nil); st != http.StatusNoContent {
		t.Errorf("revoke: got %d", st)
	}
	if st := bot.call("GET", "/api/me/games", nil, nil); st != http.StatusForbidden {
		t.Errorf("a revoked key: got %d, want 403", st)
	}
	if st := alice.call("POST", "/api/keys", api.KeyRequest{Label: "bad\nlabel"}, nil); st != http.StatusBadRequest {
		t.Errorf("a label with a newline: got %d, want 400", st)
	}
}

// TestOldTokensClaimed: a game from before players (seat tokens, no
// player) keeps working with its tokens; a browser presenting them
// makes it its player's, both seats of a game at one device.
func TestOldTokensClaimed(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	old := e.create(humans()) // a program, or a browser before players: no session
	solo := e.create(vsAI(1))
	if st, _, msg := e.play(old.ID, old.Seats[0].Token, "b2", 0); st != 200 {
		t.Fatalf("token move: got %d %s", st, msg)
	}
	dan := e.guest()
	if st, got := dan.claim(old.ID, old.Seats[0].Token, old.Seats[1].Token); st != 200 || fmt.Sprint(got.Seats) != "[0 1]" {
		t.Errorf("claim both: got %d %+v, want both seats", st, got)
	}
	if st, got := dan.claim(solo.ID, solo.Seats[0].Token); st != 200 || fmt.Sprint(got.Seats) != "[0]" {
		t.Errorf("claim one: got %d %+v, want seat 0", st, got)
	}
	if st := dan.move(old.ID, "a1", 1); st != 200 {
		t.Errorf("move in a claimed game: got %d", st)
	}
	var mine api.MyGames
	dan.call("GET", "/api/me/games", nil, &mine)
	if len(mine.Games) != 2 {
		t.Errorf("dan's games: got %d, want 2", len(mine.Games))
	}
	if st, _, _ := e.play(solo.ID, solo.Seats[0].Token, "b2", 0); st != http.StatusForbidden {
		t.Errorf("a token whose seat was claimed: got %d, want 403", st)
	}
}

// TestStartGame: the lobby's one way to start a game between two
// players; each moves as themselves, and both find it in their games.
func TestStartGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob := e.guest(), e.guest()
	id, err := e.srv.StartGame(t.Context(), server.NewGame{Game: "tictactoe", Players: [2]string{bob.me.ID, alice.me.ID}})
	if err != nil {
		t.Fatal(err)
	}
	if st := alice.move(id, "b2", 0); st != http.StatusConflict {
		t.Errorf("alice (second) moves first: got %d, want 409", st)
	}
	if st := bob.move(id, "b2", 0); st != 200 {
		t.Errorf("bob moves: got %d", st)
	}
	var mine api.MyGames
	alice.call("GET", "/api/me/games", nil, &mine)
	if len(mine.Games) != 1 || !mine.Games[0].YourTurn || fmt.Sprint(mine.Games[0].Mine) != "[1]" {
		t.Errorf("alice's games: got %+v, want the game, her turn, seat 1", mine.Games)
	}
	for _, bad := range []server.NewGame{
		{Game: "tictactoe", Players: [2]string{alice.me.ID, alice.me.ID}},
		{Game: "tictactoe", Players: [2]string{alice.me.ID, ""}},
		{Game: "nosuchgame", Players: [2]string{alice.me.ID, bob.me.ID}},
	} {
		if _, err := e.srv.StartGame(t.Context(), bad); err == nil {
			t.Errorf("%+v: got no error", bad)
		}
	}
}

// TestProfile: a player's page counts their results per game.
func TestProfile(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob := e.guest(), e.guest()
	c := alice.create(friendGame())
	bob.claim(c.ID, inviteToken(t, c.Invite))
	if st := bob.call("POST", "/api/games/"+c.ID+"/resign", api.TokenRequest{}, nil); st != 200 {
		t.Fatalf("resign: got %d", st)
	}
	for _, tc := range []struct {
		who        *person
		wins, loss int
	}{{alice, 1, 0}, {bob, 0, 1}} {
		var p api.Profile
		if st := e.call("GET", "/api/players/"+tc.who.me.ID, nil, &p); st != 200 {
			t.Fatalf("profile: got %d", st)
		}
		if p.Player.Name != tc.who.me.Name || !p.Player.Guest || len(p.Results) != 1 || p.Results[0].Wins != tc.wins ||
			p.Results[0].Losses != tc.loss || len(p.Recent) != 1 {
			t.Errorf("%s: got %+v, want a guest with %d win, %d loss and one game", tc.who.me.Name, p, tc.wins, tc.loss)
		}
	}
	if st := e.call("GET", "/api/players/nobody-at-all", nil, nil); st != http.StatusNotFound {
		t.Errorf("unknown player: got %d, want 404", st)
	}
}

// TestLoginKeepsSeats: an account logged in from another browser finds
// its games and moves in them; the games that browser's guest played
// before logging in become the account's too.
func TestLoginKeepsSeats(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice := e.guest()
	before := alice.create(vsAI(1))
	if st := alice.call("POST", "/api/account/signup", api.Credentials{Username: "alice", Password: "correct horse"}, nil); st != 200 {
		t.Fatalf("sign up: got %d", st)
	}
	other := e.guest() // a fresh browser, whose guest plays first
	guestGame := other.create(vsAI(1))
	if st := other.move(guestGame.ID, "b2", 0); st != 200 {
		t.Fatalf("guest's move: got %d", st)
	}
	e.waitView(guestGame.ID, func(v view) bool { return len(v.Moves) == 2 })
	var me api.Me
	if st := other.call("POST", "/api/account/login", api.Credentials{Username: "alice", Password: "correct horse"}, &me); st != 200 || me.ID != alice.me.ID {
		t.Fatalf("log in: got %d %+v, want alice", st, me)
	}
	var mine api.MyGames
	other.call("GET", "/api/me/games", nil, &mine)
	ids := map[string]bool{}
	for _, g := range mine.Games {
		ids[g.ID] = true
	}
	if !ids[before.ID] || !ids[guestGame.ID] {
		t.Errorf("after logging in: got games %v, want %s (the account's) and %s (the guest's)", ids, before.ID, guestGame.ID)
	}
	var seatsOf api.Claim
	if other.call("GET", "/api/games/"+guestGame.ID+"/me", nil, &seatsOf); fmt.Sprint(seatsOf.Seats) != "[0]" {
		t.Errorf("the guest's game after logging in: got seats %v, want [0]", seatsOf.Seats)
	}
	if st := other.move(before.ID, "b2", 0); st != 200 {
		t.Errorf("move in the account's game from the other browser: got %d", st)
	}
	if v := e.view(guestGame.ID); other.move(guestGame.ID, v.Legal[0], len(v.Moves)) != 200 {
		t.Errorf("move in the guest's game after logging in: refused")
	}
}
