package server_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store"
)

// raw sends a request and returns the status and the body as sent.
func (e *env) raw(method, path, body string) (int, string) {
	e.t.Helper()
	req, _ := http.NewRequest(method, e.url+path, strings.NewReader(body))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestErrorAnswers pins every refusal's status and body byte for byte,
// and the reasons the rejection metric counts: clients and dashboards
// read them.
func TestErrorAnswers(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	c := e.create(humans())
	x, o := c.Seats[0].Token, c.Seats[1].Token
	if st, _, msg := e.play(c.ID, x, "b2", 0); st != 200 {
		t.Fatalf("first move: got %d %s", st, msg)
	}
	ai := e.create(vsAI(1))
	resigned := e.create(vsAI(1))
	e.call("POST", "/api/games/"+resigned.ID+"/resign", api.TokenRequest{Token: resigned.Seats[0].Token}, nil)
	g := "/api/games/" + c.ID
	for _, tc := range []struct {
		name, method, path, body string
		want                     int
		msg                      string // as JSON encodes it
		code                     string // the reason clients may translate
	}{
		{"create not json", "POST", "/api/games", "{", 400, `bad JSON body: unexpected EOF`, "malformed"},
		{"create unknown field", "POST", "/api/games", `{"colour":"red"}`, 400, `bad JSON body: json: unknown field \"colour\"`, "malformed"},
		{"create trailing data", "POST", "/api/games", `{} {}`, 400, `bad JSON body: data after the object`, "malformed"},
		{"create too large", "POST", "/api/games", `{"game":"` + strings.Repeat("x", 70<<10) + `"}`, 413, `request body over 65536 bytes`, "too_large"},
		{"create unknown game", "POST", "/api/games", `{"game":"chess","seats":[{"kind":"human"},{"kind":"human"}]}`, 400, `game: bad game id \"chess\": unknown game \"chess\" (known: tictactoe)`, "malformed"},
		{"create bad position", "POST", "/api/games", `{"game":"tictactoe","position":"XXX x","seats":[{"kind":"human"},{"kind":"human"}]}`, 400, `tictactoe: bad position \"XXX x\": want 3 rows, got 1`, "malformed"},
		{"create one seat", "POST", "/api/games", `{"game":"tictactoe","seats":[{"kind":"human"}]}`, 400, `want exactly 2 seats, got 1`, "malformed"},
		{"create bad level", "POST", "/api/games", `{"game":"tictactoe","seats":[{"kind":"human"},{"kind":"ai","level":9}]}`, 400, `seat 1: level 9: want 1 to 8`, "malformed"},
		{"create me is ai", "POST", "/api/games", `{"game":"tictactoe","me":1,"seats":[{"kind":"human"},{"kind":"ai"}]}`, 400, `me: want the index of a human seat`, "malformed"},
		{"move malformed", "POST", g + "/moves", `{"move":"z9","seen":1,"token":"` + o + `"}`, 400, `tictactoe: bad move \"z9\": want a square a1..c3`, "malformed"},
		{"move too large", "POST", g + "/moves", `{"move":"` + strings.Repeat("x", 70<<10) + `"}`, 413, `request body over 65536 bytes`, "too_large"},
		{"move no seen", "POST", g + "/moves", `{"move":"a1","token":"` + o + `"}`, 400, `want {move, seen, token} with a move of 1-64 bytes and seen \u003e= 0`, "malformed"},
		{"move no token", "POST", g + "/moves", `{"move":"a1","seen":1}`, 403, `a token is needed`, "forbidden"},
		{"move wrong token", "POST", g + "/moves", `{"move":"a1","seen":1,"token":"nope"}`, 403, `this token is not a seat of this game`, "forbidden"},
		{"move stale", "POST", g + "/moves", `{"move":"a1","seen":0,"token":"` + o + `"}`, 409, `stale move: the game has 1 moves, the client has seen 0`, "stale"},
		{"move not your turn", "POST", g + "/moves", `{"move":"a1","seen":1,"token":"` + x + `"}`, 409, `it is not your turn`, "turn"},
		{"move illegal", "POST", g + "/moves", `{"move":"b2","seen":1,"token":"` + o + `"}`, 422, `game: illegal move \"b2\" in 3/1X1/3 o`, "illegal"},
		{"move unknown game", "POST", "/api/games/nosuch/moves", `{"move":"a1","seen":1,"token":"` + o + `"}`, 404, `no such game`, "not_found"},
		{"move game over", "POST", "/api/games/" + resigned.ID + "/moves", `{"move":"a1","seen":0,"token":"` + resigned.Seats[0].Token + `"}`, 409, `the game is over`, "game_over"},
		{"draw bad action", "POST", g + "/draw", `{"action":"maybe","token":"` + o + `"}`, 400, `bad action \"maybe\": want offer, accept or decline`, "malformed"},
		{"draw no offer", "POST", g + "/draw", `{"action":"accept","token":"` + o + `"}`, 409, `no draw offer from the opponent to accept`, "no_offer"},
		{"undo no move of one's own", "POST", g + "/undo", `{"token":"` + o + `"}`, 409, `you have no move to take back`, "undo"},
		{"undo no request", "POST", g + "/undo", `{"action":"accept","token":"` + o + `"}`, 409, `no take-back request from the opponent to accept`, "no_takeback"},
		{"undo bad action", "POST", g + "/undo", `{"action":"maybe","token":"` + o + `"}`, 400, `bad action \"maybe\": want request, accept or decline`, "malformed"},
		{"undo nothing", "POST", "/api/games/" + ai.ID + "/undo", `{"token":"` + ai.Seats[0].Token + `"}`, 409, `you have no move to take back`, "undo"},
		{"undo resigned", "POST", "/api/games/" + resigned.ID + "/undo", `{"token":"` + resigned.Seats[0].Token + `"}`, 409, `the game ended by resignation`, "undo"},
		{"resign game over", "POST", "/api/games/" + resigned.ID + "/resign", `{"token":"` + resigned.Seats[0].Token + `"}`, 409, `the game is over`, "game_over"},
		{"whoami wrong token", "POST", g + "/whoami", `{"token":"nope"}`, 403, `this token is not a seat of this game`, "forbidden"},
		{"view unknown game", "GET", "/api/games/nosuch", "", 404, `no such game`, "not_found"},
		{"records unknown game", "GET", "/api/games/nosuch/records", "", 404, `no such game`, "not_found"},
		{"list bad status", "GET", "/api/games?status=weird", "", 400, `bad status \"weird\": want ongoing, finished or recent`, "malformed"},
		{"list bad limit", "GET", "/api/records?limit=0", "", 400, `bad limit \"0\": want 1 to 1000`, "malformed"},
		{"no endpoint", "PUT", "/api/nothing", "", 404, `no such endpoint: PUT /api/nothing`, "not_found"},
		{"bad method", "DELETE", "/", "", 405, `method DELETE not allowed`, "method"},
	} {
		st, body := e.raw(tc.method, tc.path, tc.body)
		if want := `{"error":"` + tc.msg + `","code":"` + tc.code + `"}` + "\n"; st != tc.want || body != want {
			t.Errorf("%s: got %d %q, want %d %q", tc.name, st, body, tc.want, want)
		}
	}
	_, metrics := e.raw("GET", "/metrics", "")
	var rejected []string
	for _, line := range strings.Split(metrics, "\n") {
		if strings.HasPrefix(line, "plateau_moves_rejected_total{") {
			rejected = append(rejected, line)
		}
	}
	if got, want := strings.Join(rejected, "\n"), strings.Join([]string{
		`plateau_moves_rejected_total{reason="forbidden"} 2`,
		`plateau_moves_rejected_total{reason="game_over"} 2`,
		`plateau_moves_rejected_total{reason="illegal"} 1`,
		`plateau_moves_rejected_total{reason="malformed"} 3`, // a move body too large counts as malformed
		`plateau_moves_rejected_total{reason="no_offer"} 1`,
		`plateau_moves_rejected_total{reason="no_takeback"} 1`,
		`plateau_moves_rejected_total{reason="not_found"} 1`,
		`plateau_moves_rejected_total{reason="stale"} 1`,
		`plateau_moves_rejected_total{reason="turn"} 1`,
		`plateau_moves_rejected_total{reason="undo"} 3`,
	}, "\n"); got != want {
		t.Errorf("rejection metrics: got\n%s\nwant\n%s", got, want)
	}
}

// failingStore is a store whose writes fail, as a full disk would.
type failingStore struct{ store.Store }

func (failingStore) Create(context.Context, store.Game) error { return errors.New("disk on fire") }

// TestErrorAnswersEdges pins the WebSocket's answer for a game that does
// not exist, and the HTTP answers of a failing store and of a server
// shutting down.
func TestErrorAnswersEdges(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	missing := e.watch(ctx, "nosuchgame")
	if _, msg, err := missing.Read(ctx); string(msg) != `{"type":"error","error":"no such game"}` || err != nil {
		t.Errorf("unknown game's message: got %q %v, want the error message", msg, err)
	}
	_, _, err := missing.Read(ctx)
	if want := `status = StatusCode(4404) and reason = "Not Found"`; websocket.CloseStatus(err) != 4404 || !strings.Contains(fmt.Sprint(err), want) {
		t.Errorf("unknown game's close: got %v, want %s", err, want)
	}
	c := e.create(humans())
	e.srv.Close()
	if st, body := e.raw("GET", "/api/games/"+c.ID, ""); st != 503 || body != `{"error":"the server is shutting down","code":"closing"}`+"\n" {
		t.Errorf("closing: got %d %q, want 503 and the shutdown message", st, body)
	}

	broken := newEnv(t, func(c *server.Config) { c.Store = failingStore{c.Store} })
	st, body := broken.raw("POST", "/api/games", `{"game":"tictactoe","seats":[{"kind":"human"},{"kind":"human"}]}`)
	if st != 500 || body != `{"error":"internal error","code":"internal"}`+"\n" || strings.Contains(body, "disk") {
		t.Errorf("failing store: got %d %q, want 500 internal error", st, body)
	}
	if !strings.Contains(broken.logs.String(), "disk on fire") {
		t.Errorf("the failure is not logged: %s", broken.logs.String())
	}
}
