package notify_test

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/notify"
	"github.com/plateau-games/plateau/internal/store"
)

// warnings holds the due warnings and records the claims.
type warnings struct {
	due     []store.Warning
	claimed []string
}

func (w *warnings) DueWarnings(context.Context, time.Time, int) ([]store.Warning, error) {
	return w.due, nil
}

func (w *warnings) ClaimWarning(_ context.Context, x store.Warning, notes []store.Note) (bool, error) {
	w.claimed = append(w.claimed, x.Game)
	return true, nil
}

type now struct{}

func (now) Now() time.Time { return time.Unix(0, 0) }

// TestWarnerClaims claims the warnings that stand, leaves those a move
// replaced, and keeps those it could not read due.
func TestWarnerClaims(t *testing.T) {
	t.Parallel()
	closing := errors.New("closing")
	st := &warnings{due: []store.Warning{{Game: "stands"}, {Game: "replaced"}, {Game: "closing"}}}
	wr := &notify.Warner{Store: st, Clock: now{}, Log: slog.New(slog.DiscardHandler), Closing: closing,
		Read: func(w store.Warning) (*notify.Warning, error) {
			switch w.Game {
			case "replaced":
				return nil, nil
			case "closing":
				return nil, closing
			}
			return &notify.Warning{Player: "ada", Left: time.Hour}, nil
		}}
	wr.WarnDue(context.Background())
	if len(st.claimed) != 1 || st.claimed[0] != "stands" {
		t.Errorf("claimed %v, want [stands]", st.claimed)
	}
}
