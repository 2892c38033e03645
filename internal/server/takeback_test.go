package server_test

import (
	"context"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/api"
)

// friends is a game of two people on two devices: the creator holds
// seat 0, the invite seat 1.
func friends(e *env) (id, first, second string) {
	e.t.Helper()
	c := e.create(humans())
	return c.ID, c.Seats[0].Token, c.Seats[1].Token
}

// TestTakeBackBetweenFriends asks for a take-back, has it declined and
// then accepted, and checks that both sides' WebSockets see the request
// and the decline, and that the decline is news for one version only.
func TestTakeBackBetweenFriends(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	id, x, o := friends(e)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	wsX, wsO := e.watch(ctx, id), e.watch(ctx, id)
	undo := func(token, action string) (int, view) {
		var v view
		st := e.call("POST", "/api/games/"+id+"/undo", api.UndoRequest{Token: token, Action: action}, &v)
		return st, v
	}
	e.play(id, x, "b2", 0)
	if st, v := undo(o, "accept"); st != 409 || v.TakeBack != nil {
		t.Errorf("accept with no request: got %d %+v, want 409", st, v)
	}
	if st, v := undo(x, "request"); st != 200 || v.TakeBack == nil || *v.TakeBack != 0 || len(v.Moves) != 1 {
		t.Fatalf("request: got %d %+v, want a standing request of player 0 and the move kept", st, v)
	}
	until(t, ctx, wsX, func(v view) bool { return v.TakeBack != nil && *v.TakeBack == 0 })
	until(t, ctx, wsO, func(v view) bool { return v.TakeBack != nil && *v.TakeBack == 0 })
	if st, _ := undo(x, "accept"); st != 409 {
		t.Errorf("accepting one's own request: got %d, want 409", st)
	}
	want := api.Declined{Offer: "takeback", By: 1}
	if st, v := undo(o, "decline"); st != 200 || v.TakeBack != nil || v.Declined == nil || *v.Declined != want || len(v.Moves) != 1 {
		t.Fatalf("decline: got %d %+v, want the request gone and the decline told", st, v)
	}
	declined := func(v view) bool { return v.Declined != nil && *v.Declined == want }
	until(t, ctx, wsX, declined)
	until(t, ctx, wsO, declined)
	if _, v, _ := e.play(id, o, "a1", 1); v.Declined != nil {
		t.Errorf("the next change must forget the decline: got %+v", v.Declined)
	}
	undo(o, "")
	if st, v := undo(x, "accept"); st != 200 || len(v.Moves) != 1 || v.ToAct != 1 || v.TakeBack != nil {
		t.Errorf("accept: got %d %+v, want a1 taken back and o to move", st, v)
	}
	undo(x, "request")
	if st, v := undo(x, "decline"); st != 200 || v.TakeBack != nil || v.Declined != nil {
		t.Errorf("withdrawing one's own request: got %d %+v, want it gone without news", st, v)
	}
	undo(x, "request")
	if _, v, _ := e.play(id, o, "a1", 1); v.TakeBack != nil {
		t.Errorf("a move must withdraw the request: got %d", *v.TakeBack)
	}
}

// TestTakeBackHotSeat: a client holding both seats takes back the last
// turn at once, whoever made it.
func TestTakeBackHotSeat(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	id, x, o := friends(e)
	e.play(id, x, "b2", 0)
	e.play(id, o, "a1", 1)
	var v view
	if st := e.call("POST", "/api/games/"+id+"/undo", api.UndoRequest{Token: o, OtherToken: x}, &v); st != 200 ||
		len(v.Moves) != 1 || v.ToAct != 1 || v.TakeBack != nil {
		t.Errorf("hot-seat take-back: got %d %+v, want a1 taken back at once", st, v)
	}
	if st := e.call("POST", "/api/games/"+id+"/undo", api.UndoRequest{Token: o, OtherToken: "nope"}, &v); st != 409 {
		t.Errorf("a take-back of no move of one's own: got %d, want 409", st)
	}
	if st := e.call("POST", "/api/games/"+id+"/undo", api.UndoRequest{Token: x, OtherToken: "nope"}, &v); st != 200 ||
		len(v.Moves) != 1 || v.TakeBack == nil || *v.TakeBack != 0 {
		t.Errorf("a wrong other token: got %d %+v, want only a request", st, v)
	}
	if st := e.call("POST", "/api/games/"+id+"/undo", api.UndoRequest{Token: x, Action: "maybe"}, nil); st != 400 {
		t.Errorf("bad action: got %d, want 400", st)
	}
}

// TestDrawDeclineIsTold: a declined draw offer is news for both sides;
// a withdrawn one is not.
func TestDrawDeclineIsTold(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	id, x, o := friends(e)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws := e.watch(ctx, id)
	draw := func(token, action string) view {
		var v view
		if st := e.call("POST", "/api/games/"+id+"/draw", api.DrawRequest{Token: token, Action: action}, &v); st != 200 {
			t.Fatalf("draw %s: got %d", action, st)
		}
		return v
	}
	draw(x, "offer")
	want := api.Declined{Offer: "draw", By: 1}
	if v := draw(o, "decline"); v.DrawOffer != nil || v.Declined == nil || *v.Declined != want {
		t.Errorf("decline: got %+v, want the decline told", v)
	}
	until(t, ctx, ws, func(v view) bool { return v.Declined != nil && *v.Declined == want })
	draw(x, "offer")
	if v := draw(x, "decline"); v.DrawOffer != nil || v.Declined != nil {
		t.Errorf("withdraw: got %+v, want the offer gone without news", v)
	}
}

// TestNoTakeBackAfterTheEnd: a game ended by the rules stays over (issue
// 30, stumble 11): neither a hot-seat take-back nor a request between
// friends reopens it, rated or not.
func TestNoTakeBackAfterTheEnd(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	id, x, o := friends(e)
	// x takes the top row: a1 b1 c1 against o's a2 b2.
	for i, mv := range []string{"a1", "a2", "b1", "b2", "c1"} {
		tok := x
		if i%2 == 1 {
			tok = o
		}
		if st, _, msg := e.play(id, tok, mv, i); st != 200 {
			t.Fatalf("move %s: got %d %s", mv, st, msg)
		}
	}
	var v view
	if st := e.call("POST", "/api/games/"+id+"/undo", api.UndoRequest{Token: o, OtherToken: x}, &v); st != 409 {
		t.Errorf("hot-seat take-back after the end: got %d %+v, want 409", st, v)
	}
	if st := e.call("POST", "/api/games/"+id+"/undo", api.UndoRequest{Token: o, Action: "request"}, &v); st != 409 {
		t.Errorf("take-back request after the end: got %d %+v, want 409", st, v)
	}
}
