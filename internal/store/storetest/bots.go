package storetest

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/bots"
	"github.com/plateau-games/plateau/internal/store"
)

// botStore is what bot accounts need of a store (internal/store/bots.go):
// the SQL stores' own methods, beside store.Store.
type botStore interface {
	MakeBot(ctx context.Context, player string, at time.Time) error
	IsBot(ctx context.Context, player string) (bool, error)
	AddBotEvent(ctx context.Context, e bots.Event) error
	BotEvents(ctx context.Context, bot string, after int64, limit int) ([]bots.Event, error)
}

// testBots: only an account without ratings among people becomes a bot,
// once; a rated game with a bot counts in the bots' pool; an event
// written by many at once is kept once, numbered after the earlier ones.
func testBots(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	bs, ok := s.(botStore)
	if !ok {
		t.Fatal("the store keeps no bots")
	}
	for i, id := range []string{"g1", "a1", "a2", "a3"} {
		mustGuest(t, s, id, epoch)
		if i > 0 {
			if err := s.SignUp(ctx, store.SignUp{ID: id, Username: "user" + id, Key: "user" + id, PasswordHash: "h", At: epoch}); err != nil {
				t.Fatal(err)
			}
		}
	}
	ratedGame(t, s, "people", true, 2, "first")
	if _, err := rate(s, "people", "a2", "a3", 1, epoch.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		player string
		want   error
	}{{"g1", bots.ErrNotAccount}, {"nobody", bots.ErrNotAccount}, {"a2", bots.ErrRatedGames}, {"a1", nil}, {"a1", bots.ErrAlreadyBot}} {
		if err := bs.MakeBot(ctx, c.player, epoch); !errors.Is(err, c.want) {
			t.Errorf("MakeBot(%s): got %v, want %v", c.player, err, c.want)
		}
	}
	if yes, err := bs.IsBot(ctx, "a1"); err != nil || !yes {
		t.Errorf("IsBot(a1): got %v %v, want true", yes, err)
	}
	if yes, err := bs.IsBot(ctx, "a2"); err != nil || yes {
		t.Errorf("IsBot(a2): got %v %v, want false", yes, err)
	}
	ratedGame(t, s, "botgame", true, 2, "first")
	out, err := rate(s, "botgame", "a1", "a3", 1, epoch.Add(2*time.Hour))
	if err != nil || out[0].Group != "bot:tictactoe" || out[1].Group != "bot:tictactoe" {
		t.Errorf("a game with a bot: got %+v %v, want both rated in bot:tictactoe", out, err)
	}
	if p, _, _ := s.Rating(ctx, "a3", "tictactoe"); p.Games != 1 {
		t.Errorf("a3 among people: got %d games, want 1 (the bot's game counts elsewhere)", p.Games)
	}
	testBotEventsOnce(t, bs)
}

// testBotEventsOnce: eight writers of the same two events leave two.
func testBotEventsOnce(t *testing.T, bs botStore) {
	ctx := context.Background()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			ref := []string{"s1", "g1"}[i%2]
			e := bots.Event{Bot: "a1", Kind: bots.KindChallenge, Ref: ref, Body: []byte(`{"id":"` + ref + `"}`), At: epoch}
			if err := bs.AddBotEvent(ctx, e); err != nil {
				t.Errorf("add event: %v", err)
			}
		})
	}
	wg.Wait()
	all, err := bs.BotEvents(ctx, "a1", 0, 10)
	if err != nil || len(all) != 2 || all[1].Seq <= all[0].Seq {
		t.Fatalf("events: got %+v %v, want two, numbered up", all, err)
	}
	after, err := bs.BotEvents(ctx, "a1", all[0].Seq, 10)
	if err != nil || len(after) != 1 || after[0].Ref != all[1].Ref || string(after[0].Body) != string(all[1].Body) {
		t.Errorf("after %d: got %+v %v, want the second alone", all[0].Seq, after, err)
	}
}
