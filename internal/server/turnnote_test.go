package server_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/notify"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store"
)

// lostNotes is the notifier's store as a server killed right after a
// move's commit leaves it: a note written apart from the move never
// arrives, and this notifier sends nothing (the test reads the outbox).
type lostNotes struct{ store.Notes }

func (lostNotes) AddNotes(context.Context, []store.Note) error { return errors.New("killed") }

func (lostNotes) ClaimNotes(context.Context, string, time.Time, time.Duration, int) ([]store.Note, error) {
	return nil, nil
}

// TestTurnNoteWithMove: the "your turn" note of a move is written in the
// move's transaction (audit D12): it is in the outbox once the move is
// answered, even when nothing is written after the commit.
func TestTurnNoteWithMove(t *testing.T) {
	t.Parallel()
	var st store.Store
	e := newEnv(t, func(c *server.Config) {
		st = c.Store
		n, err := notify.New(context.Background(), notify.Config{Store: lostNotes{c.Store}, BaseURL: "https://play.example"})
		if err != nil {
			t.Fatal(err)
		}
		c.Notifier = n
	})
	a, b := newBrowser(t, e), newBrowser(t, e)
	a.me()
	mb := b.me()
	ctx := context.Background()
	if err := st.SetNotifySettings(ctx, store.NotifySettings{Player: mb.ID, Lang: "en", Push: true, UpdatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	c, move := friendsGame(t, a, b, "")
	move(a, "a1", 0)
	notes, err := st.ClaimNotes(ctx, "probe", time.Now().Add(time.Hour), time.Minute, 10)
	if err != nil || len(notes) != 1 || notes[0].Player != mb.ID || notes[0].GameID != c.ID || notes[0].Kind != notify.KindTurn {
		t.Errorf("the outbox after the move: got %+v, %v, want b's turn in %s", notes, err, c.ID)
	}
}
