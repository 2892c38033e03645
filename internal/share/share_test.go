package share

import (
	"context"
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// games is a store of the games in it.
type games map[string]store.Game

func (g games) Load(_ context.Context, id string) (store.Game, error) {
	if sg, ok := g[id]; ok {
		return sg, nil
	}
	return store.Game{}, store.ErrNotFound
}

func newTest(index string) *Service {
	return New(Config{Registry: game.NewRegistry(tictactoe.Game()),
		Store:  games{"g1": {ID: "g1", Game: "tictactoe", Result: "ongoing"}},
		Static: fstest.MapFS{"index.html": {Data: []byte(index)}},
		Names:  func(context.Context, [2]store.Seat) [2]*api.PlayerRef { return [2]*api.PlayerRef{} }})
}

func TestInviteFillsTheClientsPage(t *testing.T) {
	t.Parallel()
	sv := newTest("<html><head><title>client</title></head><body></body></html>")
	q := Query{ID: "g1", Lang: "en", Base: "https://play.example", Path: "/g/g1"}
	a, err := sv.Invite(context.Background(), q)
	if err != nil || a.Tag == "" || a.Fresh || strings.Contains(string(a.Body), "<title>client</title>") ||
		!strings.Contains(string(a.Body), "<title>You are invited to play Tic-tac-toe</title>") {
		t.Fatalf("got %q tag %q fresh %v, %v; want the invite's tags in the client's page", a.Body, a.Tag, a.Fresh, err)
	}
	q.IfNoneMatch = a.Tag
	if b, _ := sv.Invite(context.Background(), q); !b.Fresh {
		t.Error("asked again with its tag: not fresh")
	}
	q.ID = "nosuch"
	if b, err := sv.Invite(context.Background(), q); b.Body != nil || err != nil {
		t.Errorf("no such game: got %q, %v; want no page, the client's files answer", b.Body, err)
	}
	if b, err := newTest("no head").Invite(context.Background(), Query{ID: "g1"}); b.Body != nil || err != nil {
		t.Errorf("a page without a head: got %q, %v; want no page", b.Body, err)
	}
}

func TestRefusalsTellASentence(t *testing.T) {
	t.Parallel()
	sv := newTest("")
	for _, tc := range []struct {
		name string
		err  error
		why  error
		want string
	}{
		{"no game", func() error { _, _, err := sv.Record(context.Background(), "nosuch"); return err }(), ErrNotFound, "no such game"},
		{"bad ply", func() error {
			_, err := sv.GamePicture(context.Background(), Query{ID: "g1", Values: map[string][]string{"ply": {"9"}}})
			return err
		}(),
			ErrBadRequest, `this game has plies 0 to 0, not "9"`},
		{"bad record", func() error { _, err := sv.Import("not a record", ""); return err }(), ErrBadRequest, ""},
	} {
		r, ok := errors.AsType[*Refusal](tc.err)
		if !ok || !errors.Is(tc.err, tc.why) || (tc.want != "" && r.Sentence != tc.want) || strings.HasPrefix(r.Sentence, "records: ") {
			t.Errorf("%s: got %v, want a refusal for %v saying %q", tc.name, tc.err, tc.why, tc.want)
		}
	}
}
