package server_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/server"
)

// hint asks for a hint and returns the status, the view and the error's code.
func (e *env) hint(id, token string) (int, view, string) {
	e.t.Helper()
	var raw json.RawMessage
	st := e.call("POST", "/api/games/"+id+"/hint", api.TokenRequest{Token: token}, &raw)
	var v view
	var eb errorBody
	// The body is a view or an error: each decodes into its own fields.
	if err := json.Unmarshal(raw, &v); err != nil {
		e.t.Fatalf("hint: %v in %s", err, raw)
	}
	if err := json.Unmarshal(raw, &eb); err != nil {
		e.t.Fatalf("hint: %v in %s", err, raw)
	}
	return st, v, eb.Code
}

// TestHintRefusals: hints are for a seat of a game against the AI, on
// its own turn, while the game lasts; every refusal leaves the game
// unmarked.
func TestHintRefusals(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	pair := e.create(humans())
	ai := e.create(vsAI(1))
	over := e.create(vsAI(1))
	if st := e.call("POST", "/api/games/"+over.ID+"/resign", api.TokenRequest{Token: over.Seats[0].Token}, nil); st != http.StatusOK {
		t.Fatalf("resign: got %d, want 200", st)
	}
	for _, tc := range []struct {
		name, id, token string
		status          int
		code            string
	}{
		{"two humans", pair.ID, pair.Seats[0].Token, http.StatusConflict, "no_hint"},
		{"two humans, second seat", pair.ID, pair.Seats[1].Token, http.StatusConflict, "no_hint"},
		{"no token", ai.ID, "", http.StatusForbidden, "forbidden"},
		{"another game's token", ai.ID, pair.Seats[0].Token, http.StatusForbidden, "forbidden"},
		{"game over", over.ID, over.Seats[0].Token, http.StatusConflict, "game_over"},
		{"no such game", "nosuchgame", ai.Seats[0].Token, http.StatusNotFound, "not_found"},
	} {
		st, _, code := e.hint(tc.id, tc.token)
		if st != tc.status || code != tc.code {
			t.Errorf("%s: got %d %q, want %d %q", tc.name, st, code, tc.status, tc.code)
		}
	}
	for _, id := range []string{pair.ID, ai.ID, over.ID} {
		if v := e.view(id); v.Hints != 0 {
			t.Errorf("game %s after refusals: got %d hints, want 0", id, v.Hints)
		}
	}
}

// TestHintRecorded: a hint in a game against the AI is counted in the
// answer, in the view and in the games list, and outlives the moves
// after it; asking while the AI is to move is refused.
func TestHintRecorded(t *testing.T) {
	t.Parallel()
	gate := &gated{open: make(chan struct{})}
	e := newEnv(t, func(c *server.Config) { c.Mover = gate })
	g := e.create(vsAI(1))
	tok := g.Seats[0].Token
	st, v, code := e.hint(g.ID, tok)
	if st != http.StatusOK || v.Hints != 1 || v.Version != g.View.Version+1 {
		t.Fatalf("hint: got %d %q, %d hints at version %d, want 200, 1 hint at version %d", st, code, v.Hints, v.Version, g.View.Version+1)
	}
	if _, v, _ = e.hint(g.ID, tok); v.Hints != 2 {
		t.Errorf("second hint: got %d hints, want 2", v.Hints)
	}
	if st, v, _ := e.play(g.ID, tok, "b2", 0); st != http.StatusOK || v.Hints != 2 {
		t.Errorf("move after hints: got %d with %d hints, want 200 with 2", st, v.Hints)
	}
	if st, _, code := e.hint(g.ID, tok); st != http.StatusConflict || code != "turn" {
		t.Errorf("hint on the AI's turn: got %d %q, want 409 turn", st, code)
	}
	close(gate.open)
	if v = e.waitView(g.ID, func(v view) bool { return len(v.Moves) == 2 }); v.Hints != 2 {
		t.Errorf("after the AI's move: got %d hints, want 2", v.Hints)
	}
	var list api.GameList
	if st := e.call("GET", "/api/games?status=recent", nil, &list); st != http.StatusOK {
		t.Fatalf("list: got %d", st)
	}
	found := false
	for _, sm := range list.Games {
		if sm.ID == g.ID {
			found = true
			if sm.Hints != 2 {
				t.Errorf("games list: got %d hints, want 2", sm.Hints)
			}
		}
	}
	if !found {
		t.Errorf("games list: game %s missing", g.ID)
	}
}
