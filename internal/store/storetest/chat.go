package storetest

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// testChat stores lines in both chats and reads them back by channel,
// the last ones only when limited; a line needs its game, and goes with
// it when the game expires.
func testChat(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	mustCreate(t, s, newGame("chat1", epoch))
	lines := []store.ChatLine{
		{GameID: "chat1", Channel: "players", Seat: 0, Author: "alice", Name: "Alice", Text: "hello", At: epoch},
		{GameID: "chat1", Channel: "spectators", Seat: -1, Author: "carol", Name: "Carol", Text: "go alice", At: epoch.Add(time.Second)},
		{GameID: "chat1", Channel: "players", Seat: 1, Author: "bob", Name: "Bob", Text: "hi", At: epoch.Add(2 * time.Second)},
	}
	var last int64
	for _, l := range lines {
		got, err := s.AddChat(ctx, l)
		if err != nil {
			t.Fatal(err)
		}
		if got.ID <= last {
			t.Errorf("got id %d after %d, want it growing", got.ID, last)
		}
		last = got.ID
	}
	texts := func(channels []string, limit int) string {
		got, err := s.ChatLines(ctx, "chat1", channels, limit)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, l := range got {
			out = append(out, fmt.Sprintf("%s/%d/%s/%s", l.Author, l.Seat, l.Text, l.At.Format("05")))
		}
		return fmt.Sprint(out)
	}
	for _, tc := range []struct {
		channels []string
		limit    int
		want     string
	}{
		{[]string{"players"}, 10, "[alice/0/hello/00 bob/1/hi/02]"},
		{[]string{"spectators"}, 10, "[carol/-1/go alice/01]"},
		{[]string{"players", "spectators"}, 10, "[alice/0/hello/00 carol/-1/go alice/01 bob/1/hi/02]"},
		{[]string{"players", "spectators"}, 2, "[carol/-1/go alice/01 bob/1/hi/02]"},
		{nil, 10, "[]"},
	} {
		if got := texts(tc.channels, tc.limit); got != tc.want {
			t.Errorf("lines of %v (limit %d): got %s, want %s", tc.channels, tc.limit, got, tc.want)
		}
	}
	if l, err := s.ChatLine(ctx, "chat1", last); err != nil || l.Text != "hi" || l.Seat != 1 || !l.At.Equal(epoch.Add(2*time.Second)) {
		t.Errorf("line %d: got %+v, %v; want bob's hi", last, l, err)
	}
	if _, err := s.ChatLine(ctx, "other", last); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a line of another game: got %v, want ErrNotFound", err)
	}
	if _, err := s.AddChat(ctx, store.ChatLine{GameID: "nope", Channel: "players", Text: "x", At: epoch}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a line of no game: got %v, want ErrNotFound", err)
	}
	// chat1's human seat never moved: it expires, with its chat.
	if _, err := s.Expire(ctx, epoch.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if got := texts([]string{"players", "spectators"}, 10); got != "[]" {
		t.Errorf("after the game expired: got %s, want no lines", got)
	}
}

// testMutes: a player's mutes are kept, added and removed once however
// often asked, and are the player's alone.
func testMutes(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	set := func(player string, m store.Mute, on bool) {
		if err := s.SetMute(ctx, player, m, on); err != nil {
			t.Fatal(err)
		}
	}
	set("alice", store.Mute{Kind: "channel", Target: "spectators"}, true)
	set("alice", store.Mute{Kind: "author", Target: "troll"}, true)
	set("alice", store.Mute{Kind: "author", Target: "troll"}, true)
	set("alice", store.Mute{Kind: "author", Target: "friend"}, true)
	set("alice", store.Mute{Kind: "author", Target: "friend"}, false)
	set("alice", store.Mute{Kind: "author", Target: "never"}, false)
	set("bob", store.Mute{Kind: "author", Target: "alice"}, true)
	got, err := s.Mutes(ctx, "alice")
	if want := "[{author troll} {channel spectators}]"; err != nil || fmt.Sprint(got) != want {
		t.Errorf("got alice's mutes %v, %v; want %s", got, err, want)
	}
	if got, err := s.Mutes(ctx, "dave"); err != nil || len(got) != 0 {
		t.Errorf("got dave's mutes %v, %v; want none", got, err)
	}
}
