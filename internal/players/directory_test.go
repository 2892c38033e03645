package players_test

import (
	"context"
	"errors"
	"log/slog"
	"testing"

	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/store"
)

// TestDirectory: the requester is named from the context, anyone else
// from the store; a player nobody knows keeps only their id, and a
// search for them is store.ErrNoPlayer (the edge's "no such player").
func TestDirectory(t *testing.T) {
	t.Parallel()
	st, guest, _, now := openStore(t)
	bots := 0
	d := players.Directory{Store: st, Log: slog.New(slog.DiscardHandler),
		IsBot: func(context.Context, string) bool { bots++; return false }}
	ctx := context.Background()
	if ref := d.Ref(ctx, guest.ID); ref.Name != guest.Name || !ref.Guest || bots != 1 {
		t.Errorf("a guest: got %+v, want %q, a guest", ref, guest.Name)
	}
	me := players.NewContext(ctx, players.Player{ID: guest.ID, Name: "renamed"})
	if ref := d.Ref(me, guest.ID); ref.Name != "renamed" || ref.Guest {
		t.Errorf("the requester: got %+v, want the context's name", ref)
	}
	if ref := d.Ref(ctx, "nobody"); ref.ID != "nobody" || ref.Name != "" {
		t.Errorf("nobody: got %+v, want the id only", ref)
	}
	if ref, joined, err := d.Find(ctx, guest.Name); err != nil || ref.ID != guest.ID || !joined.Equal(now()) {
		t.Errorf("find by name: got %+v %v %v, want %s", ref, joined, err, guest.ID)
	}
	if _, _, err := d.Find(ctx, "nobody at all"); !errors.Is(err, store.ErrNoPlayer) {
		t.Errorf("find nobody: got %v, want store.ErrNoPlayer", err)
	}
}

// TestExport: the personal data document names its format, the player
// and when it was made, in the API's time format.
func TestExport(t *testing.T) {
	t.Parallel()
	st, guest, _, now := openStore(t)
	pd, ok := st.(store.PersonalData)
	if !ok {
		t.Skip("this store has no export")
	}
	doc, err := players.Export(context.Background(), pd, guest.ID, now())
	if err != nil || doc.Format != "plateau-personal-data/1" || doc.Player != guest.ID || doc.Exported != "2026-12-05T10:00:00.000Z" || len(doc.Tables["players"]) != 1 {
		t.Errorf("got %+v, %v", doc, err)
	}
}
