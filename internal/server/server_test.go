package server_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/record"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

func TestCreateValidation(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	h := api.SeatRequest{Kind: "human"}
	for _, tc := range []struct {
		name string
		body any
		want int
	}{
		{"not json", "{", 400},
		{"unknown field", `{"game":"tictactoe","seats":[{"kind":"human"},{"kind":"human"}],"colour":"red"}`, 400},
		{"trailing data", `{"game":"tictactoe","seats":[{"kind":"human"},{"kind":"human"}]} {}`, 400},
		{"unknown game", api.CreateRequest{Game: "chess", Seats: []api.SeatRequest{h, h}}, 400},
		{"bad option", api.CreateRequest{Game: "tictactoe:size=4", Seats: []api.SeatRequest{h, h}}, 400},
		{"bad position", api.CreateRequest{Game: "tictactoe", Position: "XXX/XXX/XXX x", Seats: []api.SeatRequest{h, h}}, 400},
		{"one seat", api.CreateRequest{Game: "tictactoe", Seats: []api.SeatRequest{h}}, 400},
		{"bad kind", api.CreateRequest{Game: "tictactoe", Seats: []api.SeatRequest{h, {Kind: "robot"}}}, 400},
		{"level too high", api.CreateRequest{Game: "tictactoe", Seats: []api.SeatRequest{h, {Kind: "ai", Level: 9}}}, 400},
		{"level too low", api.CreateRequest{Game: "tictactoe", Seats: []api.SeatRequest{h, {Kind: "ai", Level: -1}}}, 400},
		{"human with level", api.CreateRequest{Game: "tictactoe", Seats: []api.SeatRequest{{Kind: "human", Level: 2}, h}}, 400},
		{"me is ai", api.CreateRequest{Game: "tictactoe", Me: new(1), Seats: []api.SeatRequest{h, {Kind: "ai"}}}, 400},
		{"too large", `{"game":"` + strings.Repeat("x", 70<<10) + `"}`, 413},
		{"ok", api.CreateRequest{Game: "tictactoe", Seats: []api.SeatRequest{h, h}}, 201},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var eb errorBody
			got := e.call("POST", "/api/games", tc.body, &eb)
			if got != tc.want {
				t.Errorf("got %d (%s), want %d", got, eb.Error, tc.want)
			}
			if got >= 400 && eb.Error == "" {
				t.Errorf("error answer without a message")
			}
		})
	}
}

func TestCreateTokensAndInvite(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	req := humans()
	req.Local, req.Me = false, new(1)
	c := e.create(req)
	if c.Seats[0].Token != "" || len(c.Seats[1].Token) != 32 {
		t.Errorf("got seats %+v, want a token for seat 1 only", c.Seats)
	}
	prefix := "/g/" + c.ID + "#seat=0&token="
	if !strings.HasPrefix(c.Invite, prefix) || len(c.Invite) != len(prefix)+32 {
		t.Fatalf("got invite %q, want %s<token>", c.Invite, prefix)
	}
	invited := strings.TrimPrefix(c.Invite, prefix)
	for token, want := range map[string]int{invited: 0, c.Seats[1].Token: 1} {
		var who api.Whoami
		if st := e.call("POST", "/api/games/"+c.ID+"/whoami", api.TokenRequest{Token: token}, &who); st != 200 || who.Player != want {
			t.Errorf("whoami: got %d, player %d, want 200, %d", st, who.Player, want)
		}
	}
	if st := e.call("POST", "/api/games/"+c.ID+"/whoami", api.TokenRequest{Token: "0123"}, nil); st != 403 {
		t.Errorf("whoami with a bad token: got %d, want 403", st)
	}
	v := c.View
	if v.ID != c.ID || v.Game != "tictactoe" || v.Title != "Tic-tac-toe" || v.Start != "3/3/3 x" || v.Result != "ongoing" ||
		len(v.Legal) != 9 || len(v.Moves) != 0 || v.Version != 1 || v.DrawOffer != nil || v.Seats[0].Kind != "human" {
		t.Errorf("got view %+v", v)
	}
	local := e.create(humans())
	if local.Invite != "" || local.Seats[0].Token == "" || local.Seats[1].Token == "" {
		t.Errorf("local game: got %+v, want both tokens and no invite", local)
	}
	ai := e.create(vsAI(0))
	if ai.Invite != "" || ai.Seats[1].Level != 4 || ai.Seats[1].Token != "" {
		t.Errorf("game against the AI: got %+v, want no invite, level 4, no AI token", ai)
	}
}

func TestMoveErrors(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	c := e.create(humans())
	x, o := c.Seats[0].Token, c.Seats[1].Token
	if st, _, msg := e.play(c.ID, x, "b2", 0); st != 200 {
		t.Fatalf("first move: got %d %s", st, msg)
	}
	for _, tc := range []struct {
		name, token, move string
		seen, want        int
	}{
		{"malformed move", o, "z9", 1, 400},
		{"empty move", o, "", 1, 400},
		{"no token", "", "a1", 1, 403},
		{"wrong token", strings.Repeat("0", 32), "a1", 1, 403},
		{"stale", o, "a1", 0, 409},
		{"ahead", o, "a1", 2, 409},
		{"not your turn", x, "a1", 1, 409},
		{"illegal", o, "b2", 1, 422},
		{"negative seen", o, "a1", -1, 400},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, _, msg := e.play(c.ID, tc.token, tc.move, tc.seen)
			if st != tc.want || msg == "" {
				t.Errorf("got %d %q, want %d with a message", st, msg, tc.want)
			}
		})
	}
	if st, _, _ := e.play("nosuchgame", o, "a1", 1); st != 404 {
		t.Errorf("unknown game: got %d, want 404", st)
	}
	if v := e.view(c.ID); len(v.Moves) != 1 || v.Version != 2 {
		t.Errorf("refused moves changed the game: %+v", v)
	}
}

func TestPlayToTheEnd(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	c := e.create(humans())
	tokens := []string{c.Seats[0].Token, c.Seats[1].Token}
	var v view
	for i, mv := range []string{"b2", "a1", "c3", "c1", "a3", "b1"} {
		st, got, msg := e.play(c.ID, tokens[i%2], strings.ToUpper(mv), i)
		if st != 200 {
			t.Fatalf("move %d %s: got %d %s", i, mv, st, msg)
		}
		v = got
	}
	if v.Result != "second" || v.Reason != "three in a row" || len(v.Legal) != 0 || v.Position != "X1X/1X1/OOO x" ||
		fmt.Sprint(v.Moves) != "[b2 a1 c3 c1 a3 b1]" || fmt.Sprint(v.Movers) != "[0 1 0 1 0 1]" {
		t.Errorf("got %+v", v)
	}
	if st, _, _ := e.play(c.ID, tokens[0], "a2", 6); st != 409 {
		t.Errorf("move after the end: got %d, want 409", st)
	}
	var recs string
	req, _ := http.NewRequest("GET", e.url+"/api/games/"+c.ID+"/records", nil)
	resp, err := http.DefaultClient.Do(req)
	if err == nil {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		recs = string(b)
		// A browser's "Download record" link saves it as a file.
		if got, want := resp.Header.Get("Content-Disposition"), `attachment; filename="`+c.ID+`.ndjson"`; got != want {
			t.Errorf("Content-Disposition: got %q, want %q", got, want)
		}
	}
	want := fmt.Sprintf(`{"id":%q,"game":"tictactoe","start":"3/3/3 x","moves":["b2","a1","c3","c1","a3","b1"],"result":"second","reason":"three in a row","first":"human","second":"human"}`+"\n", c.ID)
	if recs != want {
		t.Errorf("got record %q, want %q", recs, want)
	}
	// The export is the match runner's format: its reader replays it.
	rec, err := record.Parse(strings.TrimSpace(recs))
	if err != nil {
		t.Fatalf("record.Parse: %v", err)
	}
	if _, err := record.Play(game.NewRegistry(tictactoe.Game()), rec); err != nil {
		t.Errorf("record.Play: %v", err)
	}
}

func TestResignAndDraw(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	post := func(id, what string, body any) (int, view) {
		var v view
		st := e.call("POST", "/api/games/"+id+"/"+what, body, &v)
		return st, v
	}
	c := e.create(humans())
	x, o := c.Seats[0].Token, c.Seats[1].Token
	if st, _ := post(c.ID, "draw", api.DrawRequest{Token: x, Action: "accept"}); st != 409 {
		t.Errorf("accept without an offer: got %d, want 409", st)
	}
	if st, _ := post(c.ID, "draw", api.DrawRequest{Token: x, Action: "maybe"}); st != 400 {
		t.Errorf("bad action: got %d, want 400", st)
	}
	if st, v := post(c.ID, "draw", api.DrawRequest{Token: x, Action: "offer"}); st != 200 || v.DrawOffer == nil || *v.DrawOffer != 0 {
		t.Fatalf("offer: got %d %+v", st, v)
	}
	if st, _ := post(c.ID, "draw", api.DrawRequest{Token: x, Action: "accept"}); st != 409 {
		t.Errorf("accepting one's own offer: got %d, want 409", st)
	}
	if st, v := post(c.ID, "draw", api.DrawRequest{Token: o, Action: "decline"}); st != 200 || v.DrawOffer != nil {
		t.Errorf("decline: got %d %+v", st, v)
	}
	post(c.ID, "draw", api.DrawRequest{Token: o, Action: "offer"})
	if _, v, _ := e.play(c.ID, x, "b2", 0); v.DrawOffer != nil {
		t.Errorf("a move must withdraw the offer: got %v", *v.DrawOffer)
	}
	post(c.ID, "draw", api.DrawRequest{Token: o, Action: "offer"})
	if st, v := post(c.ID, "draw", api.DrawRequest{Token: x, Action: "accept"}); st != 200 || v.Result != "draw" || v.Reason != "draw agreed" {
		t.Errorf("accept: got %d %+v", st, v)
	}
	if st, _ := post(c.ID, "resign", api.TokenRequest{Token: x}); st != 409 {
		t.Errorf("resigning a finished game: got %d, want 409", st)
	}
	c = e.create(humans())
	if st, _ := post(c.ID, "resign", api.TokenRequest{Token: "nope"}); st != 403 {
		t.Errorf("resign with a bad token: got %d, want 403", st)
	}
	if st, v := post(c.ID, "resign", api.TokenRequest{Token: c.Seats[1].Token}); st != 200 || v.Result != "first" || v.Reason != "resignation" {
		t.Errorf("resign out of turn: got %d %+v, want first wins by resignation", st, v)
	}
}

// scripted is a Mover that plays the first legal move and records the
// levels it was asked for.
type scripted struct {
	mu     sync.Mutex
	levels []int
	ids    []string
}

func (m *scripted) Move(_ context.Context, name string, s game.State, level int) (game.Move, error) {
	m.mu.Lock()
	m.levels = append(m.levels, level)
	m.ids = append(m.ids, name)
	m.mu.Unlock()
	moves := s.Moves(nil)
	if len(moves) == 0 {
		return 0, fmt.Errorf("no move in %s", name)
	}
	return moves[0], nil
}

// TestAISeatGetsOptions checks that an AI seat is asked for a move with
// the game's options, which choose its level ladder (ai.Level).
func TestAISeatGetsOptions(t *testing.T) {
	t.Parallel()
	mover := &scripted{}
	g := tictactoe.Game()
	g.Options = []game.Option{{Name: "size", Default: "3", Values: []string{"3", "4"}, Doc: "a test option"}}
	e := newEnv(t, func(c *server.Config) {
		c.Mover, c.MoverName, c.Registry = mover, "first legal move", game.NewRegistry(g)
	})
	body := vsAI(3)
	body.Game = "tictactoe:size=4"
	c := e.create(body)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws := e.watch(ctx, c.ID)
	if st, _, msg := e.play(c.ID, c.Seats[0].Token, "b2", 0); st != 200 {
		t.Fatalf("got %d %s", st, msg)
	}
	until(t, ctx, ws, func(v view) bool { return len(v.Moves) == 2 })
	mover.mu.Lock()
	defer mover.mu.Unlock()
	if fmt.Sprint(mover.ids) != "[tictactoe:size=4]" {
		t.Errorf("got game ids %v, want [tictactoe:size=4]", mover.ids)
	}
}

func TestAISeat(t *testing.T) {
	t.Parallel()
	mover := &scripted{}
	e := newEnv(t, func(c *server.Config) { c.Mover, c.MoverName = mover, "first legal move" })
	c := e.create(vsAI(6))
	tok := c.Seats[0].Token
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws := e.watch(ctx, c.ID)
	if st, _, msg := e.play(c.ID, tok, "b2", 0); st != 200 {
		t.Fatalf("got %d %s", st, msg)
	}
	v := until(t, ctx, ws, func(v view) bool { return len(v.Moves) == 2 })
	if v.Moves[1] != "a1" || v.Movers[1] != 1 || v.AIThinking || v.ToAct != 0 {
		t.Errorf("got %+v, want the AI to answer a1", v)
	}
	mover.mu.Lock()
	if fmt.Sprint(mover.levels) != "[6]" {
		t.Errorf("got levels %v, want [6]", mover.levels)
	}
	mover.mu.Unlock()
	var undone view
	if st := e.call("POST", "/api/games/"+c.ID+"/undo", api.TokenRequest{Token: tok}, &undone); st != 200 || len(undone.Moves) != 0 || undone.ToAct != 0 {
		t.Errorf("undo: got %d %+v, want the start position", st, undone)
	}
	if st := e.call("POST", "/api/games/"+c.ID+"/undo", api.TokenRequest{Token: tok}, nil); st != 409 {
		t.Errorf("undo with nothing to undo: got %d, want 409", st)
	}
	var offered view
	if st := e.call("POST", "/api/games/"+c.ID+"/draw", api.DrawRequest{Token: tok, Action: "offer"}, &offered); st != 200 || offered.DrawOffer != nil ||
		offered.Declined == nil || *offered.Declined != (api.Declined{Offer: "draw", By: 1}) {
		t.Errorf("draw offer to the AI: got %d %+v, want it declined at once, and said so", st, offered)
	}
	var cat api.Catalog
	if e.call("GET", "/api/catalog", nil, &cat); cat.AI != "first legal move" {
		t.Errorf("catalog ai: got %q", cat.AI)
	}
	h := e.create(humans())
	if st := e.call("POST", "/api/games/"+h.ID+"/undo", api.TokenRequest{Token: h.Seats[0].Token}, nil); st != 409 {
		t.Errorf("undo against a human: got %d, want 409", st)
	}
}

func TestAIAgainstAI(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	c := e.create(api.CreateRequest{Game: "tictactoe", Seats: []api.SeatRequest{{Kind: "ai", Level: 1}, {Kind: "ai", Level: 8}}})
	if c.Seats[0].Token != "" || c.Seats[1].Token != "" || c.Invite != "" {
		t.Errorf("an AI game has no tokens: %+v", c)
	}
	v := e.waitView(c.ID, func(v view) bool { return v.Result != "ongoing" })
	if len(v.Moves) < 5 || v.Reason == "" {
		t.Errorf("got %+v, want a finished game with a reason", v)
	}
	var list api.GameList
	if st := e.call("GET", "/api/games?status=finished&limit=5", nil, &list); st != 200 || len(list.Games) != 1 || list.Games[0].ID != c.ID || list.Games[0].Plies != len(v.Moves) {
		t.Errorf("finished list: got %d %+v", st, list)
	}
}

func TestWebSocket(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	c := e.create(humans())
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	spectator := e.watch(ctx, c.ID)
	if v := until(t, ctx, spectator, func(view) bool { return true }); v.ID != c.ID || len(v.Moves) != 0 {
		t.Errorf("first message: got %+v", v)
	}
	player := e.watch(ctx, c.ID)
	until(t, ctx, player, func(view) bool { return true })
	for _, msg := range []string{`not json`, `{"token":"` + c.Seats[1].Token + `"}`} {
		if err := player.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
			t.Fatal(err)
		}
	}
	if v := until(t, ctx, spectator, func(v view) bool { return v.Seats[1].Connected }); v.Seats[0].Connected {
		t.Errorf("got seat 0 connected too")
	}
	e.play(c.ID, c.Seats[0].Token, "c3", 0)
	if v := until(t, ctx, spectator, func(v view) bool { return len(v.Moves) == 1 }); v.Moves[0] != "c3" {
		t.Errorf("got %+v", v)
	}
	player.Close(websocket.StatusNormalClosure, "")
	until(t, ctx, spectator, func(v view) bool { return !v.Seats[1].Connected })

	missing := e.watch(ctx, "nosuchgame")
	missing.Read(ctx) //nolint:errcheck // the error message; the close status is checked next
	if _, _, err := missing.Read(ctx); websocket.CloseStatus(err) != 4404 {
		t.Errorf("unknown game: got %v, want close 4404", err)
	}
}

// TestRacingMoves sends the same turn from many clients at once: exactly
// one move may be accepted.
func TestRacingMoves(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	c := e.create(humans())
	var mu sync.Mutex
	codes := map[int]int{}
	var wg sync.WaitGroup
	for _, mv := range []string{"a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2"} {
		wg.Go(func() {
			st, _, _ := e.play(c.ID, c.Seats[0].Token, mv, 0)
			mu.Lock()
			codes[st]++
			mu.Unlock()
		})
	}
	wg.Wait()
	if codes[200] != 1 || codes[409] != 7 {
		t.Errorf("got status counts %v, want one 200 and seven 409", codes)
	}
	if v := e.view(c.ID); len(v.Moves) != 1 {
		t.Errorf("got %d moves, want 1", len(v.Moves))
	}
}

func TestReadEndpoints(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	c := e.create(humans())
	e.play(c.ID, c.Seats[0].Token, "b2", 0)
	get := func(path string) (int, string) {
		resp, err := http.Get(e.url + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, tc := range []struct {
		path string
		want int
		has  string
	}{
		{"/healthz", 200, "ok"},
		{"/metrics", 200, `plateau_moves_total{by="human"} 1`},
		{"/metrics", 200, `plateau_move_duration_seconds_bucket{le="+Inf"} 1`},
		{"/metrics", 200, "plateau_games_created_total 1"},
		{"/api/catalog", 200, `"name":"tictactoe"`},
		{"/api/games", 200, `"plies":1`},
		{"/api/games?status=ongoing&limit=1", 200, c.ID},
		{"/api/games?status=finished", 200, `"games":[]`},
		{"/api/games?status=weird", 400, "bad status"},
		{"/api/games?limit=0", 400, "bad limit"},
		{"/api/records?status=recent", 200, `"moves":["b2"]`},
		{"/api/records", 200, ""},
		{"/api/games/nosuch", 404, "no such game"},
		{"/api/games/nosuch/records", 404, "no such game"},
		{"/api/nothing", 404, "no such endpoint"},
		{"/", 200, "no web client"},
	} {
		t.Run(tc.path, func(t *testing.T) {
			st, body := get(tc.path)
			if st != tc.want || !strings.Contains(body, tc.has) {
				t.Errorf("got %d %q, want %d containing %q", st, body, tc.want, tc.has)
			}
		})
	}
}

func TestStaticFiles(t *testing.T) {
	t.Parallel()
	files := fstest.MapFS{
		"index.html": {Data: []byte("<title>client</title>")},
		"app.js":     {Data: []byte("console.log(1)")},
		"big.js":     {Data: []byte(strings.Repeat("console.log('plateau');\n", 200))},
		"e.wasm":     {Data: bytes.Repeat([]byte("\x00asm\x01\x00\x00\x00"), 200)},
	}
	e := newEnv(t, func(c *server.Config) { c.Static = files })
	for path, want := range map[string]string{"/": "<title>client</title>", "/app.js": "console.log(1)", "/g/abc": "<title>client</title>"} {
		resp, err := http.Get(e.url + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || string(b) != want {
			t.Errorf("%s: got %d %q, want %q", path, resp.StatusCode, b, want)
		}
	}
	if st := e.call("DELETE", "/", nil, nil); st != 405 {
		t.Errorf("DELETE /: got %d, want 405", st)
	}
	for _, tc := range []struct {
		path, accept, encoding string
		want                   []byte
	}{
		{"/big.js", "gzip, deflate", "gzip", files["big.js"].Data},
		{"/big.js", "identity", "", files["big.js"].Data},
		{"/app.js", "gzip", "", files["app.js"].Data}, // too small to be worth it
		{"/e.wasm", "gzip", "gzip", files["e.wasm"].Data},
	} {
		req, _ := http.NewRequest("GET", e.url+tc.path, nil)
		req.Header.Set("Accept-Encoding", tc.accept)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body := io.Reader(resp.Body)
		if got := resp.Header.Get("Content-Encoding"); got != tc.encoding {
			t.Errorf("%s, accepting %s: got Content-Encoding %q, want %q", tc.path, tc.accept, got, tc.encoding)
		}
		// WebAssembly.instantiateStreaming accepts only this type.
		if ct := resp.Header.Get("Content-Type"); strings.HasSuffix(tc.path, ".wasm") && ct != "application/wasm" {
			t.Errorf("%s: got Content-Type %q, want application/wasm", tc.path, ct)
		}
		if resp.Header.Get("Content-Encoding") == "gzip" {
			if body, err = gzip.NewReader(resp.Body); err != nil {
				t.Fatal(err)
			}
		}
		b, _ := io.ReadAll(body)
		resp.Body.Close()
		if !bytes.Equal(b, tc.want) {
			t.Errorf("%s: got %d bytes, want the file's %d", tc.path, len(b), len(tc.want))
		}
	}
}

func TestPositions(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	c := e.create(humans())
	e.play(c.ID, c.Seats[0].Token, "b2", 0)
	e.play(c.ID, c.Seats[1].Token, "a1", 1)
	var got api.Positions
	if st := e.call("GET", "/api/games/"+c.ID+"/positions", nil, &got); st != 200 {
		t.Fatalf("got status %d", st)
	}
	if want := "[3/3/3 x 3/1X1/3 o 3/1X1/O2 x]"; fmt.Sprint(got.Positions) != want || got.Version != 3 {
		t.Errorf("got %v version %d, want %s version 3", got.Positions, got.Version, want)
	}
	if st := e.call("GET", "/api/games/nosuch/positions", nil, nil); st != 404 {
		t.Errorf("unknown game: got %d, want 404", st)
	}
}

// TestTokensStaySecret plays a game and checks that no token appears in
// the logs, the views or the listings.
func TestTokensStaySecret(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	req := humans()
	req.Local = false
	c := e.create(req)
	invited := c.Invite[strings.Index(c.Invite, "token=")+6:]
	e.play(c.ID, c.Seats[0].Token, "b2", 0)
	e.play(c.ID, invited, "a1", 1)
	e.play(c.ID, invited, "a2", 0) // refused: logged paths must not leak either
	var seen strings.Builder
	for _, p := range []string{"/api/games/" + c.ID, "/api/games", "/api/records?status=recent", "/api/games/" + c.ID + "/records"} {
		resp, err := http.Get(e.url + p)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		seen.Write(b)
	}
	for _, tok := range []string{c.Seats[0].Token, invited} {
		if strings.Contains(e.logs.String(), tok) || strings.Contains(seen.String(), tok) {
			t.Errorf("token %s leaked", tok)
		}
	}
	if !strings.Contains(e.logs.String(), `"path":"/api/games/`+c.ID+`/moves"`) {
		t.Errorf("requests are not logged: %s", e.logs.String())
	}
}
