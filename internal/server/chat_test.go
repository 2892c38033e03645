package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store/storetest"
)

// nextChat reads the socket until a chat message and returns its lines'
// texts as "channel:text".
func nextChat(t *testing.T, ctx context.Context, c *websocket.Conn) (texts []string, history bool) {
	t.Helper()
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("websocket: %v", err)
		}
		var msg api.WSMessage
		if err := json.Unmarshal(data, &msg); err != nil {
			t.Fatalf("websocket message %q: %v", data, err)
		}
		if msg.Type != "chat" {
			continue
		}
		for _, l := range msg.Chat {
			texts = append(texts, l.Channel+":"+l.Text)
		}
		return texts, msg.History
	}
}

// joinChat opens the game's socket as token's seat (spectator for "")
// and joins the chat; it returns after the history.
func (e *env) joinChat(t *testing.T, ctx context.Context, id, token string) (*websocket.Conn, []string) {
	c := e.watch(ctx, id)
	hello, _ := json.Marshal(api.WSHello{Token: token, Chat: true})
	if err := c.Write(ctx, websocket.MessageText, hello); err != nil {
		t.Fatal(err)
	}
	got, history := nextChat(t, ctx, c)
	if !history {
		t.Fatalf("first chat message: got %v, want the history", got)
	}
	return c, got
}

func (e *env) say(token, id, text string) int {
	return e.call("POST", "/api/games/"+id+"/chat", api.ChatRequest{Token: token, Text: text}, nil)
}

// TestChatAudiences: the players' chat reaches the other player and no
// spectator; the spectators' chat reaches spectators and no player until
// the game is over.
func TestChatAudiences(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := e.create(api.CreateRequest{Game: "tictactoe", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	tok0 := c.Seats[0].Token
	tok1 := c.Invite[strings.Index(c.Invite, "token=")+len("token="):]
	a, _ := e.joinChat(t, ctx, c.ID, tok0)
	b, _ := e.joinChat(t, ctx, c.ID, tok1)
	spec, _ := e.joinChat(t, ctx, c.ID, "")

	if st := e.say(tok0, c.ID, "  good luck\n"); st != http.StatusOK {
		t.Fatalf("player's line: got %d, want 200", st)
	}
	if got, _ := nextChat(t, ctx, b); len(got) != 1 || got[0] != "players:good luck" {
		t.Errorf("the other player got %v, want the players' line", got)
	}
	if got, _ := nextChat(t, ctx, a); len(got) != 1 || got[0] != "players:good luck" {
		t.Errorf("the sender got %v, want its own line", got)
	}
	if st := e.say("", c.ID, "who wins?"); st != http.StatusOK {
		t.Fatalf("spectator's line: got %d, want 200", st)
	}
	// The spectator's first chat line is its own: the players' line never
	// came, although it was sent before.
	if got, _ := nextChat(t, ctx, spec); len(got) != 1 || got[0] != "spectators:who wins?" {
		t.Errorf("the spectator got %v, want only the spectators' line", got)
	}
	// The players' next line is the next players' line: the spectators'
	// one never came.
	e.say(tok1, c.ID, "thanks")
	for name, conn := range map[string]*websocket.Conn{"player 0": a, "player 1": b} {
		if got, _ := nextChat(t, ctx, conn); len(got) != 1 || got[0] != "players:thanks" {
			t.Errorf("%s got %v, want only the players' line", name, got)
		}
	}
	// Late comers get the history they may read.
	if _, got := e.joinChat(t, ctx, c.ID, ""); strings.Join(got, "|") != "spectators:who wins?" {
		t.Errorf("a new spectator's history: got %v", got)
	}
	if _, got := e.joinChat(t, ctx, c.ID, tok1); strings.Join(got, "|") != "players:good luck|players:thanks" {
		t.Errorf("a player's history during the game: got %v", got)
	}
	// Over: the players may read the spectators' chat.
	if st := e.call("POST", "/api/games/"+c.ID+"/resign", api.TokenRequest{Token: tok0}, nil); st != http.StatusOK {
		t.Fatalf("resign: got %d", st)
	}
	if _, got := e.joinChat(t, ctx, c.ID, tok1); strings.Join(got, "|") != "players:good luck|spectators:who wins?|players:thanks" {
		t.Errorf("a player's history after the game: got %v", got)
	}
	if _, got := e.joinChat(t, ctx, c.ID, ""); strings.Join(got, "|") != "spectators:who wins?" {
		t.Errorf("a spectator's history after the game: got %v, want no players' line", got)
	}
}

// TestChatLimits: empty and long lines are refused, a fast sender is
// slowed down, a line for no game is 404, a bad token 403.
func TestChatLimits(t *testing.T) {
	t.Parallel()
	clock := newClock()
	e := newEnv(t, func(c *server.Config) { c.Now = clock.now })
	c := e.create(humans())
	tok := c.Seats[0].Token
	for _, tc := range []struct {
		name, token, id, text string
		want                  int
	}{
		{"empty", tok, c.ID, " \n ", http.StatusBadRequest},
		{"too long", tok, c.ID, strings.Repeat("x", 301), http.StatusBadRequest},
		{"longest", tok, c.ID, strings.Repeat("x", 300), http.StatusOK},
		{"no game", tok, "nope", "hi", http.StatusNotFound},
		{"not a seat", "0123456789abcdef0123456789abcdef", c.ID, "hi", http.StatusForbidden},
	} {
		if got := e.say(tc.token, tc.id, tc.text); got != tc.want {
			t.Errorf("%s: got %d, want %d", tc.name, got, tc.want)
		}
	}
	got := []int{}
	for range 5 {
		got = append(got, e.say(tok, c.ID, "spam"))
	}
	// The longest line above was the first of the five allowed at once.
	if want := []int{200, 200, 200, 200, 429}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("five fast lines: got %v, want %v", got, want)
	}
	clock.advance(3 * time.Second)
	if st := e.say(tok, c.ID, "later"); st != http.StatusOK {
		t.Errorf("3 s later: got %d, want 200", st)
	}
	// Another sender is not slowed down by the first.
	if st := e.say(c.Seats[1].Token, c.ID, "me too"); st != http.StatusOK {
		t.Errorf("the other seat: got %d, want 200", st)
	}
}

// TestChatMutes: a player's mutes are kept for the player; bad ones are
// refused, and a program without a player has none.
func TestChatMutes(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withPage)
	a := newBrowser(t, e)
	a.me()
	for _, tc := range []struct {
		req  api.MuteRequest
		want int
	}{
		{api.MuteRequest{Kind: "channel", Target: "spectators", Muted: true}, 200},
		{api.MuteRequest{Kind: "author", Target: "someone", Muted: true}, 200},
		{api.MuteRequest{Kind: "author", Target: "other", Muted: true}, 200},
		{api.MuteRequest{Kind: "author", Target: "other", Muted: false}, 200},
		{api.MuteRequest{Kind: "channel", Target: "everyone", Muted: true}, 400},
		{api.MuteRequest{Kind: "mood", Target: "x", Muted: true}, 400},
		{api.MuteRequest{Kind: "author", Target: "", Muted: true}, 400},
	} {
		if got := a.send("POST", "/api/chat/mutes", tc.req, nil).StatusCode; got != tc.want {
			t.Errorf("%+v: got %d, want %d", tc.req, got, tc.want)
		}
	}
	if got := a.send("POST", "/api/chat/mutes", api.MuteRequest{Kind: "author", Target: a.me().ID, Muted: true}, nil).StatusCode; got != 400 {
		t.Errorf("muting oneself: got %d, want 400", got)
	}
	var m api.ChatMutes
	a.send("GET", "/api/chat/mutes", nil, &m)
	if fmt.Sprint(m) != "{[spectators] [someone]}" {
		t.Errorf("got mutes %+v, want the spectators' chat and someone", m)
	}
	if st := e.call("GET", "/api/chat/mutes", nil, nil); st < 400 || st >= 500 {
		t.Errorf("a program without a player: got %d, want a 4xx", st)
	}
}

// TestChatAcrossServers: on two servers sharing PostgreSQL, a line posted
// through one reaches a spectator watching through the other, and each
// watcher gets every line once.
func TestChatAcrossServers(t *testing.T) {
	dsn := storetest.PostgresDSN(t)
	t.Parallel()
	schema := storetest.FreshSchema(t, dsn, "chat")
	e1, e2 := newEnvOn(t, schema, nil), newEnvOn(t, schema, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c := e1.create(api.CreateRequest{Game: "tictactoe", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	tok0 := c.Seats[0].Token
	far, _ := e2.joinChat(t, ctx, c.ID, "")
	near, _ := e1.joinChat(t, ctx, c.ID, "")
	for _, text := range []string{"one", "two"} {
		if st := e1.say("", c.ID, text); st != http.StatusOK {
			t.Fatalf("line %s: got %d", text, st)
		}
	}
	if st := e2.say(tok0, c.ID, "players only"); st != http.StatusOK {
		t.Fatalf("player's line: got %d", st)
	}
	e2.say("", c.ID, "three")
	for name, conn := range map[string]*websocket.Conn{"the other server": far, "the same server": near} {
		var got []string
		for range 3 {
			lines, _ := nextChat(t, ctx, conn)
			got = append(got, lines...)
		}
		// Lines from another server may come after this server's own
		// later ones: clients order lines by id.
		slices.Sort(got)
		if want := "[spectators:one spectators:three spectators:two]"; fmt.Sprint(got) != want {
			t.Errorf("a spectator on %s got %v, want %s once each", name, got, want)
		}
	}
}
