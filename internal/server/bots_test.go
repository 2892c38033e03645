package server_test

import (
	"context"
	"io"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/server"
)

// keyOf makes an API key for the browser's player.
func keyOf(t *testing.T, b *browser) string {
	t.Helper()
	var k api.Key
	if a := b.send("POST", "/api/keys", api.KeyRequest{Label: "bot"}, &k); a.StatusCode != http.StatusCreated {
		t.Fatalf("new key: got %d", a.StatusCode)
	}
	return k.Key
}

// playBoth plays the first legal move for whoever is to act until the
// game ends: seat i by players[i].
func playBoth(t *testing.T, e *env, id string, players [2]*person) view {
	t.Helper()
	for range 9 {
		v := e.view(id)
		if v.Result != "ongoing" {
			return v
		}
		if st := players[v.ToAct].move(id, v.Legal[0], len(v.Moves)); st != http.StatusOK {
			t.Fatalf("move %s by seat %d: got %d", v.Legal[0], v.ToAct, st)
		}
	}
	return e.view(id)
}

// TestBotAccounts: only an account without rated games among people
// becomes a bot, once; a bot plays with its key only, is tagged BOT in
// views, may challenge but not seek, and its rated games count in the
// bots' pool, off the people's leaderboard.
func TestBotAccounts(t *testing.T) {
	t.Parallel()
	// The lobby reads who is online every second (a third of its lease).
	e := newEnv(t, func(c *server.Config) { c.Lobby.Lease = 3 * time.Second })
	guest := newBrowser(t, e)
	guest.me()
	if st, code := guest.code("POST", "/api/bot/account/upgrade", struct{}{}); st != http.StatusForbidden || code != "bot_not_account" {
		t.Errorf("a guest becoming a bot: got %d %s, want 403 bot_not_account", st, code)
	}
	rated, other := newBrowser(t, e), newBrowser(t, e)
	rated.signUp("carol", "correct horse")
	other.signUp("dave", "correct horse")
	id := ratedBetween(t, rated, other)
	for range 9 {
		var v view
		rated.send("GET", "/api/games/"+id, nil, &v)
		if v.Result != "ongoing" {
			break
		}
		playFirst(t, map[int]*browser{0: rated, 1: other}[v.ToAct], id)
	}
	if st, code := rated.code("POST", "/api/bot/account/upgrade", struct{}{}); st != http.StatusConflict || code != "rated_games" {
		t.Errorf("an account with rated games becoming a bot: got %d %s, want 409 rated_games", st, code)
	}
	robo := newBrowser(t, e)
	me := robo.signUp("robo", "correct horse")
	key := keyOf(t, robo)
	if st, _ := robo.code("POST", "/api/bot/account/upgrade", struct{}{}); st != http.StatusOK {
		t.Fatalf("upgrade: got %d, want 200", st)
	}
	if st, code := robo.code("POST", "/api/bot/account/upgrade", struct{}{}); st != http.StatusConflict || code != "already_bot" {
		t.Errorf("upgrade twice: got %d %s, want 409 already_bot", st, code)
	}
	botPlays(t, e, robo, key, me.ID, other)
	drainEndsStreams(t, e, key)
}

// drainEndsStreams: a server draining for shutdown ends the bot streams
// (they are not WebSockets: its HTTP shutdown would wait for them).
func drainEndsStreams(t *testing.T, e *env, key string) {
	t.Helper()
	req, _ := http.NewRequest("GET", e.url+"/api/bot/stream/event", nil)
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	e.srv.Drain()
	if _, err := io.ReadAll(resp.Body); err != nil {
		t.Errorf("the event stream after a drain: got %v, want its end", err)
	}
}

// botPlays: human challenges bot (key) to a rated game, played out.
func botPlays(t *testing.T, e *env, robo *browser, key, roboID string, human *browser) {
	t.Helper()
	bot := &person{e: e, t: t, client: &http.Client{}, key: key}
	if st := bot.call("POST", "/api/lobby/seeks", api.SeekRequest{Game: "tictactoe"}, nil); st != http.StatusForbidden {
		t.Errorf("a bot's seek: got %d, want 403", st)
	}
	for _, path := range []string{"/api/tournaments", "/api/tournaments/any/join"} {
		if st := bot.call("POST", path, struct{}{}, nil); st != http.StatusForbidden {
			t.Errorf("a bot on %s: got %d, want 403 (tournaments are for people)", path, st)
		}
	}
	humanKey := &person{e: e, t: t, client: &http.Client{}, key: keyOf(t, human)}
	if st := humanKey.call("GET", "/api/bot/stream/event", nil, nil); st != http.StatusForbidden {
		t.Errorf("a person's key on the bot API: got %d, want 403", st)
	}
	var k api.Seek
	req := api.SeekRequest{Game: "tictactoe", To: "robo", Rated: true, TimeControl: "3d", Kind: "correspondence", Colour: "second"}
	if a := human.send("POST", "/api/lobby/seeks", req, &k); a.StatusCode != http.StatusCreated {
		t.Fatalf("challenge to the bot: got %d", a.StatusCode)
	}
	if st, code := robo.code("POST", "/api/lobby/seeks/"+k.ID+"/accept", struct{}{}); st != http.StatusForbidden || code != "bot_api_only" {
		t.Errorf("a bot accepting from its browser: got %d %s, want 403 bot_api_only", st, code)
	}
	var started api.Started
	if st := bot.call("POST", "/api/lobby/seeks/"+k.ID+"/accept", struct{}{}, &started); st != http.StatusOK || started.Player != 0 {
		t.Fatalf("the bot accepting with its key: got %d %+v", st, started)
	}
	v := e.view(started.Game)
	if p := v.Seats[0].Player; p == nil || p.ID != roboID || !p.Bot || v.Seats[1].Player.Bot {
		t.Errorf("seats: got %+v %+v, want the bot tagged at seat 0 only", v.Seats[0].Player, v.Seats[1].Player)
	}
	streamsBounded(t, e, key)
	// Online while an event stream is open: one is held while looking.
	stop := openStream(t, e, key)
	botOnline(t, human, roboID)
	stop()
	if st := bot.call("POST", "/api/games/"+started.Game+"/chat", api.ChatRequest{Text: "good luck"}, nil); st != http.StatusOK {
		t.Errorf("the bot's chat line: got %d, want 200", st)
	}
	if st := bot.call("POST", "/api/games/"+started.Game+"/draw", api.DrawRequest{Action: "offer"}, nil); st != http.StatusOK {
		t.Errorf("the bot's draw offer: got %d, want 200", st)
	}
	if v := e.view(started.Game); v.DrawOffer == nil || *v.DrawOffer != 0 {
		t.Errorf("draw offer: got %v, want the bot's (seat 0)", v.DrawOffer)
	}
	hp := &person{e: e, t: t, client: human.client}
	if v := playBoth(t, e, started.Game, [2]*person{bot, hp}); v.Result == "ongoing" {
		t.Fatalf("the game did not end: %+v", v.Moves)
	}
	var rs api.PlayerRatings
	e.call("GET", "/api/ratings/"+roboID, nil, &rs)
	if len(rs.Ratings) != 1 || rs.Ratings[0].Group != "bot:tictactoe" {
		t.Errorf("the bot's ratings: got %+v, want one in bot:tictactoe", rs.Ratings)
	}
	var lb api.Leaderboard
	e.call("GET", "/api/leaderboard/tictactoe", nil, &lb)
	for _, p := range lb.Players {
		if p.Player == roboID {
			t.Errorf("the bot is on the people's leaderboard: %+v", lb.Players)
		}
	}
}

// streamsBounded: a bot holds two event streams at once: a third ends
// the oldest (a reconnection is never refused), whose body then ends.
func streamsBounded(t *testing.T, e *env, key string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var bodies []io.ReadCloser
	for range 3 {
		req, _ := http.NewRequestWithContext(ctx, "GET", e.url+"/api/bot/stream/event", nil)
		req.Header.Set("Authorization", "Bearer "+key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("event stream: got %d, want 200", resp.StatusCode)
		}
		bodies = append(bodies, resp.Body)
	}
	if _, err := io.ReadAll(bodies[0]); err != nil {
		t.Errorf("the oldest stream: got %v, want its end", err)
	}
}

// openStream opens the bot's event stream and returns what closes it.
func openStream(t *testing.T, e *env, key string) func() {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", e.url+"/api/bot/stream/event", nil)
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := http.DefaultClient.Do(req) //nolint:bodyclose // closed by the func returned
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		cancel()
		t.Fatalf("event stream: got %d, want 200", resp.StatusCode)
	}
	return func() { cancel(); resp.Body.Close() }
}

// botOnline waits (30 s at most: a loaded machine) for the bot to be listed online in the
// lobby, as its event stream makes it.
func botOnline(t *testing.T, human *browser, bot string) {
	t.Helper()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(30 * time.Second)
	for {
		var lb api.Lobby
		human.send("GET", "/api/lobby", nil, &lb)
		if slices.ContainsFunc(lb.Online, func(p api.PlayerRef) bool { return p.ID == bot }) {
			return
		}
		select {
		case <-tick.C:
		case <-deadline:
			t.Fatalf("lobby online: got %+v, want the bot, whose event stream was open", lb.Online)
		}
	}
}
