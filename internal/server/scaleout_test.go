package server_test

import (
	"testing"

	"github.com/plateau-games/plateau/internal/store/storetest"
)

// TestAnyServerAnyRequest runs two servers on one PostgreSQL database,
// as behind a load balancer without sticky sessions: a client that sends
// each move to the other server, with seen from the last answer, must
// never be refused, in games between humans and against the AI.
func TestAnyServerAnyRequest(t *testing.T) {
	dsn := storetest.PostgresDSN(t)
	t.Parallel()
	schema := storetest.FreshSchema(t, dsn, "anyserver")
	servers := [2]*env{newEnvOn(t, schema, nil), newEnvOn(t, schema, nil)}
	moves := 0
	for moves < 30 {
		c := servers[moves%2].create(humans())
		for v := c.View; v.Result == "ongoing"; moves++ {
			st, nv, msg := servers[moves%2].play(c.ID, c.Seats[v.ToAct].Token, v.Legal[len(v.Legal)/2], len(v.Moves))
			if st != 200 {
				t.Fatalf("move %d, through server %d: got %d %s, want 200", moves, moves%2, st, msg)
			}
			v = nv
		}
	}
	for range 3 {
		c := servers[0].create(vsAI(1))
		for v := c.View; v.Result == "ongoing"; moves++ {
			srv := servers[moves%2]
			st, nv, msg := srv.play(c.ID, c.Seats[0].Token, v.Legal[0], len(v.Moves))
			if st != 200 {
				t.Fatalf("move %d against the AI, through server %d: got %d %s, want 200", moves, moves%2, st, msg)
			}
			// The AI answers from either server; the next move goes to
			// the other one, which is told of the answer.
			v = servers[(moves+1)%2].waitView(c.ID, func(v view) bool {
				return v.Version > nv.Version && v.ToAct == 0 || v.Result != "ongoing"
			})
		}
	}
	undoAcross(t, servers)
	t.Logf("%d moves, each through the other server than the last, none refused", moves)
}

// undoAcross takes a move back through one server and plays again
// through the other, which still holds the longer game: the move must
// be judged against the game as it is, not as that server last saw it.
func undoAcross(t *testing.T, servers [2]*env) {
	t.Helper()
	a, b := servers[0], servers[1]
	for round := range 5 {
		c := a.create(vsAI(1))
		tok := c.Seats[0].Token
		if st, _, msg := a.play(c.ID, tok, "b2", 0); st != 200 {
			t.Fatalf("round %d: got %d %s", round, st, msg)
		}
		a.waitView(c.ID, func(v view) bool { return len(v.Moves) == 2 })
		var undone view
		if st := b.call("POST", "/api/games/"+c.ID+"/undo", map[string]string{"token": tok}, &undone); st != 200 || len(undone.Moves) != 0 {
			t.Fatalf("round %d: undo through B: got %d %+v", round, st, undone)
		}
		if st, _, msg := a.play(c.ID, tok, "a1", len(undone.Moves)); st != 200 {
			t.Fatalf("round %d: a move through A after an undo through B: got %d %s, want 200", round, st, msg)
		}
	}
}
