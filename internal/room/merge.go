package room

import (
	"context"
	"errors"
)

// ReloadSeated reloads the rooms held here in which player has a seat:
// a guest just merged into an account, which rewrote their seats in the
// database only, and a game the account played against its own guest
// must show both seats as the account's (and never be rated as two
// players). Other servers learn it when they next read the game.
func (hb *Hub) ReloadSeated(ctx context.Context, player string) error {
	hb.mu.Lock()
	held := make([]*Room, 0, len(hb.rooms))
	for _, h := range hb.rooms {
		held = append(held, h)
	}
	hb.mu.Unlock()
	var errs []error
	for _, h := range held {
		h.mu.Lock()
		if h.loaded && !h.evicted && (h.rec.Seats[0].Player == player || h.rec.Seats[1].Player == player) {
			errs = append(errs, h.reload(context.WithoutCancel(ctx)))
		}
		h.mu.Unlock()
	}
	return errors.Join(errs...)
}
