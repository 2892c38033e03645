package server_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/server"
)

// yoxiiGame starts a hot-seat Yoxii game on a server of the real games.
func yoxiiGame(t *testing.T) (*env, created) {
	t.Helper()
	e := newEnv(t, func(c *server.Config) { c.Registry = games.Registry() })
	return e, e.create(api.CreateRequest{Game: "yoxii", Local: true, Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
}

// TestIllegalMoveNamesTheRule checks that a refused move's answer names
// the rule in every language, with a code a client may translate.
func TestIllegalMoveNamesTheRule(t *testing.T) {
	t.Parallel()
	e, c := yoxiiGame(t)
	seen := 0
	var eb api.Error
	st := e.call("POST", "/api/games/"+c.ID+"/moves", api.MoveRequest{Move: "d6,1@d5", Seen: &seen, Token: c.Seats[0].Token}, &eb)
	if st != http.StatusUnprocessableEntity || eb.Code != "illegal" || !strings.Contains(eb.Error, "cannot reach d6") ||
		!strings.Contains(eb.Text["fr"], "ne peut pas aller en d6") || eb.Text["en"] != eb.Error {
		t.Errorf("illegal totem move: got %d %+v, want 422, code illegal and the totem rule in English and French", st, eb)
	}
}

// TestExplain checks GET /api/games/{id}/explain: a refused move or
// the squares clicked so far get the rule, a legal one gets nothing.
func TestExplain(t *testing.T) {
	t.Parallel()
	e, c := yoxiiGame(t)
	tests := []struct {
		move   string
		status int
		want   string // in the English text; "" for no text
	}{
		{"d6", 200, "cannot reach d6"},
		{"d5d7", 200, "next to the totem on d5"},
		{"d5,1@d4", 200, ""},
		{"", 400, ""},
	}
	for _, tt := range tests {
		var out api.Explanation
		st := e.call("GET", "/api/games/"+c.ID+"/explain?move="+tt.move, nil, &out)
		if st != tt.status || !strings.Contains(out.Text["en"], tt.want) || (tt.want == "") != (out.Text == nil) {
			t.Errorf("explain %q: got %d %+v, want %d and %q", tt.move, st, out, tt.status, tt.want)
		}
	}
	if st := e.call("GET", "/api/games/nosuch/explain?move=d6", nil, nil); st != http.StatusNotFound {
		t.Errorf("explain in an unknown game: got %d, want 404", st)
	}
}

// TestReasonText checks that a finished game's view gives its end
// reason in every language: the players' own, and the rules'.
func TestReasonText(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *server.Config) { c.Registry = games.Registry() })
	c := e.create(api.CreateRequest{Game: "oshi", Local: true, Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	e.call("POST", "/api/games/"+c.ID+"/resign", api.TokenRequest{Token: c.Seats[0].Token}, nil)
	if got := e.view(c.ID).ReasonText; got["en"] != "resignation" || got["fr"] != "abandon" {
		t.Errorf("resigned: got reason text %q, want resignation in English and French", got)
	}
	pos, move := oneMoveFromEnd(t)
	c = e.create(api.CreateRequest{Game: "oshi", Position: pos, Local: true, Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	v := e.view(c.ID)
	if v.ReasonText != nil {
		t.Errorf("ongoing: got reason text %q, want none", v.ReasonText)
	}
	st, v, msg := e.play(c.ID, c.Seats[v.ToAct].Token, move, 0)
	if st != 200 || v.ReasonText["en"] != v.Reason || v.ReasonText.Check("reason") != nil {
		t.Errorf("won by the rules: got %d %s, reason %q, text %q; want the reason in English and French", st, msg, v.Reason, v.ReasonText)
	}
	var list api.GameList
	e.call("GET", "/api/games?status=finished", nil, &list)
	got := map[string]game.Text{}
	for _, g := range list.Games {
		got[g.Reason] = g.ReasonText
	}
	if got["seven points"]["fr"] != "sept points" || got["resignation"]["fr"] != "abandon" || len(got) != 2 {
		t.Errorf("finished games' reasons: got %q, want seven points and resignation in French too", got)
	}
}

// oneMoveFromEnd finds an Oshi position, by seeded random play, where a
// move ends the game, and returns the position and the move.
func oneMoveFromEnd(t *testing.T) (pos, move string) {
	t.Helper()
	s, err := games.Registry().New("oshi", "")
	if err != nil {
		t.Fatal(err)
	}
	for ply := 0; ply < 5000 && s.Result() == game.Ongoing; ply++ {
		moves := game.MoveStrings(s)
		for _, mv := range moves {
			c := s.Clone()
			if _, err := game.PlayChecked(c, mv); err == nil && c.Result() != game.Ongoing && c.Reason() == "seven points" {
				return s.String(), mv
			}
		}
		if _, err := game.PlayChecked(s, moves[(ply*7919)%len(moves)]); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no position one move from the end")
	return "", ""
}
