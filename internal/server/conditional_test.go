package server_test

import (
	"encoding/json"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/internal/api"
)

// move plays mv as browser p, which has seen seen moves, and fails the
// test unless it is stored.
func move(t *testing.T, p *browser, id, mv string, seen int) {
	t.Helper()
	if resp := p.send("POST", "/api/games/"+id+"/moves", api.MoveRequest{Move: mv, Seen: &seen}, nil); resp.StatusCode != http.StatusOK {
		t.Fatalf("move %s: got %d", mv, resp.StatusCode)
	}
}

// TestConditionalMoves: in a correspondence game between two servers on
// one database, Ann (seat 0, waiting) plans lines through one server;
// Bea's matching move, through the other, brings Ann's reply at once and
// once, and moves the plan on; a move the plan did not foresee drops it.
// An illegal or ambiguous plan is refused; Bea never reads Ann's lines,
// nor does the game's view show them.
func TestConditionalMoves(t *testing.T) {
	t.Parallel()
	dsn := filepath.Join(t.TempDir(), "shared.db")
	e1, e2 := newEnvOn(t, dsn, withPage), newEnvOn(t, dsn, withPage)
	ann, bea, eve := newBrowser(t, e1), newBrowser(t, e1), newBrowser(t, e2)
	ann.me()
	bea.me()
	eve.me()
	id := ratedBetween(t, ann, bea) // tic-tac-toe, 3 days a move
	path := "/api/games/" + id + "/conditional"
	move(t, ann, id, "a1", 0)

	for _, tc := range []struct {
		name  string
		lines [][]string
		code  string
	}{
		{"a reply on a taken square", [][]string{{"b2", "a1"}}, "illegal"},
		{"Bea's move on a taken square", [][]string{{"a1", "b2"}}, "illegal"},
		{"two replies to one move", [][]string{{"b2", "c3"}, {"b2", "c2"}}, "malformed"},
		{"a move without a reply", [][]string{{"b2"}}, "malformed"},
	} {
		if st, code := ann.code("PUT", path, api.ConditionalRequest{Lines: tc.lines}); code != tc.code {
			t.Errorf("%s: got %d %q, want %q", tc.name, st, code, tc.code)
		}
	}
	if st, code := bea.code("PUT", path, api.ConditionalRequest{Lines: [][]string{{"b2", "c3"}}}); code != "no_conditional" {
		t.Errorf("a plan on one's own turn: got %d %q, want no_conditional", st, code)
	}
	plan := [][]string{{"b2", "c3"}, {"b1", "c1", "b3", "c2"}}
	var got api.Conditional
	if resp := ann.send("PUT", path, api.ConditionalRequest{Lines: plan}, &got); resp.StatusCode != http.StatusOK || got.Ply != 1 || len(got.Lines) != 2 {
		t.Fatalf("store a plan: got %d %+v, want ply 1 and two lines", resp.StatusCode, got)
	}

	// Private: Bea reads her own (empty) plan, a stranger none, the view nothing.
	if bea.send("GET", path, nil, &got); len(got.Lines) != 0 {
		t.Errorf("Bea reads %+v, want none of Ann's lines", got.Lines)
	}
	if st, _ := eve.code("GET", path, nil); st != http.StatusForbidden {
		t.Errorf("a stranger reading the plan: got %d, want 403", st)
	}
	var raw json.RawMessage
	if e2.call("GET", "/api/games/"+id, nil, &raw); strings.Contains(string(raw), `"lines"`) || strings.Contains(string(raw), `"b3","c2"`) {
		t.Errorf("the view shows the plan: %s", raw)
	}

	// Bea's matching move, through the other server: Ann's reply comes with it.
	move(t, bea.on(e2), id, "b1", 1)
	if v := e2.view(id); !slices.Equal(v.Moves, []string{"a1", "b1", "c1"}) {
		t.Fatalf("after the matching move: got %v, want a1 b1 and the reply c1, once", v.Moves)
	}
	if ann.send("GET", path, nil, &got); got.Ply != 3 || len(got.Lines) != 1 || !slices.Equal(got.Lines[0], []string{"b3", "c2"}) {
		t.Errorf("plan moved on: got %+v, want ply 3 and [b3 c2]", got)
	}

	// A move the plan did not foresee: no reply, the plan is gone.
	move(t, bea, id, "a3", 3)
	if v := e1.view(id); !slices.Equal(v.Moves, []string{"a1", "b1", "c1", "a3"}) || v.ToAct != 0 {
		t.Fatalf("after another move: got %v, to act %d, want no reply and Ann to act", v.Moves, v.ToAct)
	}
	if ann.send("GET", path, nil, &got); len(got.Lines) != 0 {
		t.Errorf("plan after a move it did not foresee: got %+v, want none", got.Lines)
	}
	if resp := ann.send("DELETE", path, nil, &got); resp.StatusCode != http.StatusConflict {
		t.Errorf("delete on one's own turn: got %d, want 409", resp.StatusCode)
	}
}

// TestConditionalRacingServers: Bea's matching move sent to both servers
// at once is stored once, with Ann's reply once.
func TestConditionalRacingServers(t *testing.T) {
	t.Parallel()
	dsn := filepath.Join(t.TempDir(), "shared.db")
	e1, e2 := newEnvOn(t, dsn, withPage), newEnvOn(t, dsn, withPage)
	ann, bea := newBrowser(t, e1), newBrowser(t, e1)
	ann.me()
	bea.me()
	id := ratedBetween(t, ann, bea)
	move(t, ann, id, "a1", 0)
	if resp := ann.send("PUT", "/api/games/"+id+"/conditional", api.ConditionalRequest{Lines: [][]string{{"b1", "c1"}}}, nil); resp.StatusCode != http.StatusOK {
		t.Fatalf("store a plan: got %d", resp.StatusCode)
	}
	seen := 1
	codes := make(chan int, 2)
	for _, b := range []*browser{bea, bea.on(e2)} {
		go func() {
			codes <- b.send("POST", "/api/games/"+id+"/moves", api.MoveRequest{Move: "b1", Seen: &seen}, nil).StatusCode
		}()
	}
	got := []int{<-codes, <-codes}
	slices.Sort(got)
	if got[0] != http.StatusOK || got[1] != http.StatusConflict {
		t.Errorf("the same move through two servers: got %v, want one 200 and one 409", got)
	}
	if v := e1.view(id); !slices.Equal(v.Moves, []string{"a1", "b1", "c1"}) {
		t.Errorf("got moves %v, want a1 b1 and the reply c1 once", v.Moves)
	}
}

// TestConditionalOnlyCorrespondence: a real-time game has no plans.
func TestConditionalOnlyCorrespondence(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	c := e.create(api.CreateRequest{Game: "tictactoe", TimeControl: "5+3", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}, Local: true})
	if st, code := newBrowser(t, e).code("GET", "/api/games/"+c.ID+"/conditional", nil); code != "no_conditional" {
		t.Errorf("plans of a real-time game: got %d %q, want no_conditional", st, code)
	}
}
