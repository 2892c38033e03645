package room

import (
	"context"
	"testing"
)

// TestEndAtDeadline: a game still going at its round's deadline ends, a
// loss for the player to act, as stored; a second end changes nothing
// and answers the stored end; a move after it is refused.
func TestEndAtDeadline(t *testing.T) {
	t.Parallel()
	hb, id, tok := newTestGame(t) // b2 played: the second player is to act
	ctx := context.Background()
	for i, want := range [][2]string{{"first", ReasonDeadline}, {"first", ReasonDeadline}} {
		var got [2]string
		err := hb.With(ctx, id, func(h *Room) error {
			var err error
			got[0], got[1], err = h.EndAtDeadline(ctx)
			return err
		})
		if err != nil || got != want {
			t.Errorf("end %d: got %v, %v; want %v", i+1, got, err, want)
		}
	}
	g, err := hb.cfg.Store.Load(ctx, id)
	if err != nil || g.Result != "first" || g.Reason != ReasonDeadline || g.Version != 3 {
		t.Errorf("stored: got %s by %q at version %d (%v), want first by %q at version 3", g.Result, g.Reason, g.Version, err, ReasonDeadline)
	}
	if err := hb.With(ctx, id, func(h *Room) error { return h.Move(ctx, Caller{Token: tok[1]}, "a1", 1) }); err == nil {
		t.Error("a move after the deadline's end: got success, want a refusal")
	}
}
