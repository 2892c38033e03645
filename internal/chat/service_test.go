package chat

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/store"
)

// fakeStore keeps a chat's lines and one player's mutes in memory.
type fakeStore struct {
	lines []store.ChatLine
	mutes []store.Mute
	games map[string]bool
}

func (f *fakeStore) AddChat(_ context.Context, l store.ChatLine) (store.ChatLine, error) {
	if !f.games[l.GameID] {
		return l, store.ErrNotFound
	}
	l.ID = int64(len(f.lines) + 1)
	f.lines = append(f.lines, l)
	return l, nil
}

func (f *fakeStore) ChatLines(_ context.Context, _ string, _ []string, _ int) ([]store.ChatLine, error) {
	return f.lines, nil
}

func (f *fakeStore) ChatLine(_ context.Context, _ string, id int64) (store.ChatLine, error) {
	return f.lines[id-1], nil
}

func (f *fakeStore) Mutes(context.Context, string) ([]store.Mute, error) { return f.mutes, nil }

func (f *fakeStore) SetMute(_ context.Context, _ string, m store.Mute, on bool) error {
	if on {
		f.mutes = append(f.mutes, m)
	}
	return nil
}

func newService(f *fakeStore) *Service {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	return &Service{Store: f, Limit: &Limiter{Burst: 1, Every: time.Minute}, Now: func() time.Time { return now },
		Format:  func(t time.Time) string { return t.Format(time.RFC3339) },
		Blocked: func(context.Context, string) map[string]bool { return map[string]bool{"troll": true} },
		Refuse:  func(context.Context, string, [2]string) error { return nil }}
}

// TestMute refuses what names no chat or person, and shows blocked
// players as muted authors.
func TestMute(t *testing.T) {
	t.Parallel()
	s := newService(&fakeStore{})
	for _, bad := range []struct{ kind, target string }{{"channel", "lobby"}, {"author", ""}, {"author", "me"}, {"room", "x"}} {
		if _, err := s.Mute(context.Background(), "me", apiMute(bad.kind, bad.target)); !errors.Is(err, ErrBadMute) {
			t.Errorf("mute %v: %v, want ErrBadMute", bad, err)
		}
	}
	out, err := s.Mute(context.Background(), "me", apiMute("channel", Spectators))
	if err != nil || len(out.Channels) != 1 || len(out.Authors) != 1 || out.Authors[0] != "troll" {
		t.Fatalf("mutes %+v, %v", out, err)
	}
}

// TestSend paces a sender and names a missing game.
func TestSend(t *testing.T) {
	t.Parallel()
	s := newService(&fakeStore{games: map[string]bool{"g": true}})
	p := Post{GameID: "g", Text: "hi", Seat: 0, Author: "ada", Name: "Ada"}
	l, _, err := s.Send(context.Background(), p)
	if err != nil || l.Channel != Players || l.At != "2026-01-01T00:00:00Z" {
		t.Fatalf("first line %+v, %v", l, err)
	}
	if _, wait, err := s.Send(context.Background(), p); !errors.Is(err, ErrTooFast) || wait <= 0 {
		t.Errorf("second line at once: wait %v, %v; want ErrTooFast", wait, err)
	}
	p.GameID, p.Author = "gone", "bob"
	if _, _, err := s.Send(context.Background(), p); !errors.Is(err, ErrNoGame) || err.Error() != "no such game" {
		t.Errorf("line to a missing game: %v", err)
	}
}

func apiMute(kind, target string) api.MuteRequest {
	return api.MuteRequest{Kind: kind, Target: target, Muted: true}
}
