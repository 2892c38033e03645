package server_test

import (
	"net/http"
	"slices"
	"testing"
)

// FuzzCreate posts arbitrary bodies to POST /api/games: the answer is
// always a creation or a client error, never a server failure.
func FuzzCreate(f *testing.F) {
	e := newEnv(f, nil)
	for _, seed := range []string{
		`{"game":"tictactoe","seats":[{"kind":"human"},{"kind":"ai","level":3}]}`,
		`{"game":"tictactoe","position":"X2/3/3 o","local":true,"seats":[{"kind":"human"},{"kind":"human"}]}`,
		`{"game":"tictactoe","me":1,"seats":[{"kind":"human"},{"kind":"human"}]}`,
		`{"game":"tictactoe:x=y","seats":[]}`,
		`{"seats":[{"kind":"ai","level":99}]}`,
		`[]`, `null`, ``,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		e.t = t
		var eb errorBody
		st := e.call("POST", "/api/games", body, &eb)
		if !slices.Contains([]int{http.StatusCreated, http.StatusBadRequest, http.StatusRequestEntityTooLarge}, st) {
			t.Errorf("body %q: got status %d (%s)", body, st, eb.Error)
		}
	})
}

// FuzzMove posts arbitrary bodies to POST /api/games/{id}/moves of a
// fresh game.
func FuzzMove(f *testing.F) {
	e := newEnv(f, nil)
	for _, seed := range []string{
		`{"move":"b2","seen":0,"token":"0123456789abcdef0123456789abcdef"}`,
		`{"move":"B2 ","seen":0}`,
		`{"move":"z9","seen":-1,"token":""}`,
		`{"move":"a1","seen":1e9}`,
		`{"move":"a1","seen":"0"}`,
		`{}`, `{"move":null}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		e.t = t
		c := e.create(humans())
		var eb errorBody
		st := e.call("POST", "/api/games/"+c.ID+"/moves", body, &eb)
		if !slices.Contains([]int{200, 400, 403, 409, 422}, st) {
			t.Errorf("body %q: got status %d (%s)", body, st, eb.Error)
		}
	})
}
