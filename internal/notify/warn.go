package notify

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// warnBatch bounds the warnings one poll of the clocks sends.
const warnBatch = 100

// Warning is a clock's warning as the game reads now: the player to
// tell ("" when nobody is), the game's version, the time left, and what
// the note says.
type Warning struct {
	Player  string
	Version int64
	Left    time.Duration
	Info    Info
}

// WarnStore is the store as the warner uses it: the due warnings, and
// the claim that writes a warning's notes once.
type WarnStore interface {
	DueWarnings(ctx context.Context, now time.Time, n int) ([]store.Warning, error)
	ClaimWarning(ctx context.Context, w store.Warning, notes []store.Note) (bool, error)
}

// Warner tells the players of correspondence games whose warning time
// has passed that they are about to time out (docs/clocks.md).
type Warner struct {
	Store    WarnStore
	Notifier *Notifier // nil: warnings are claimed with no notes
	// Read reads w's game afresh: its warning, nil when a move replaced
	// it (the rooms know the games).
	Read  func(w store.Warning) (*Warning, error)
	Clock interface{ Now() time.Time }
	Log   *slog.Logger
	// Closing is the error of a game read while the server closes: not
	// worth a line in the log.
	Closing error
}

// WarnDue sends the warnings due now, at most warnBatch of them.
func (wr *Warner) WarnDue(ctx context.Context) {
	ws, err := wr.Store.DueWarnings(ctx, wr.Clock.Now(), warnBatch)
	if err != nil {
		if ctx.Err() == nil {
			wr.Log.Warn("cannot read the clocks' warnings; retrying", "err", err)
		}
		return
	}
	for _, w := range ws {
		wr.warn(ctx, w)
	}
}

// warn claims one warning and writes its notes in the claim's
// transaction, so that however many servers read it due, and however
// late, the player is told once. A warning whose notes cannot be built
// stays due and is tried again; one a move replaced is left to the new
// turn's.
func (wr *Warner) warn(ctx context.Context, w store.Warning) {
	ev, err := wr.Read(w)
	if err != nil {
		if ctx.Err() == nil && !errors.Is(err, wr.Closing) {
			wr.Log.Warn("cannot warn of a clock; retrying", "game", w.Game, "err", err)
		}
		return
	}
	if ev == nil {
		return // a move replaced the warning
	}
	n := wr.Notifier
	var notes []store.Note
	if n != nil && ev.Player != "" {
		if notes, err = n.LowTimeNotes(ctx, ev.Player, w.Game, ev.Version, ev.Left, ev.Info); err != nil {
			wr.Log.Warn("cannot warn of a clock; retrying", "game", w.Game, "err", err)
			return
		}
	}
	claimed, err := wr.Store.ClaimWarning(ctx, w, notes)
	if err != nil && ctx.Err() == nil {
		wr.Log.Warn("cannot claim a clock's warning; retrying", "game", w.Game, "err", err)
	}
	if claimed && len(notes) > 0 {
		n.Wake()
	}
}
