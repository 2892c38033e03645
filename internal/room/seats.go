package room

import (
	"cmp"
	"context"

	"github.com/plateau-games/plateau/internal/seats"
	"github.com/plateau-games/plateau/internal/store"
)

// seats returns the game's seats as package seats sees them; the caller
// holds h.mu.
func (h *Room) seats() [2]seats.Seat {
	var out [2]seats.Seat
	for i, st := range h.rec.Seats {
		out[i] = seats.Seat{Human: st.Kind == store.Human, Player: st.Player, TokenHash: st.TokenHash}
	}
	return out
}

// MayHaveMoved reloads the game when a player finds no seat of theirs in
// it, in case their seats moved (a guest merged into an account when
// logging in rewrites the seats in the database only); it reports
// whether it reloaded.
func (h *Room) MayHaveMoved(ctx context.Context) bool {
	if err := h.reload(context.WithoutCancel(ctx)); err != nil {
		h.hb.cfg.Log.Error("reloading a game for its seats", "game", h.id, "err", err)
		return false
	}
	return true
}

// Claim seats player in the seats whose tokens they present: an
// invite's, or those a browser kept from before players. The game's
// version check decides between racing claims. It returns the seats
// player holds; its errors are seats.Claim's (*seats.TakenError,
// seats.ErrOwnInvite), ErrNoChange when nothing changed, or the store's.
func (h *Room) Claim(ctx context.Context, player string, tokens []string) ([]int, error) {
	var out []int
	err := h.mutate(ctx, func() (change, error) {
		changes, mine, err := seats.Claim(h.seats(), player, tokens)
		out = append([]int{}, mine...)
		if err != nil || len(changes) == 0 {
			return change{}, cmp.Or(err, ErrNoChange)
		}
		u := h.base()
		u.Seats = storeChanges(changes)
		return change{update: u}, nil
	})
	if err != nil {
		return out, err
	}
	h.hb.cfg.Log.Info("seat claimed", "game", h.id, "seats", out)
	h.names = h.hb.cfg.Events.SeatNames(ctx, h.rec.Seats)
	h.publish()
	return out, nil
}

func storeChanges(cs []seats.Change) []store.SeatChange {
	out := make([]store.SeatChange, len(cs))
	for i, c := range cs {
		out[i] = store.SeatChange{Seat: c.Seat, Player: c.Player, TokenHash: c.TokenHash}
	}
	return out
}

// MySeats returns the seats player holds in the game (none: they
// watch), and the open invite's seat of a game they created (nil: none).
func (h *Room) MySeats(ctx context.Context, player string) (mine []int, invite *int) {
	st := h.seats()
	if player != "" && len(seats.Mine(st, player)) == 0 && h.MayHaveMoved(ctx) {
		st = h.seats()
	}
	mine = append([]int{}, seats.Mine(st, player)...)
	if seat, err := seats.Invite(st, player); err == nil && st[seat].TokenHash != nil {
		invite = &seat
	}
	return mine, invite
}

// Invite cancels the open invite of player's game, or renews it (renew):
// the new seat token is returned, the old one only watching from then
// on. Its errors are seats.Invite's, or the store's.
func (h *Room) Invite(ctx context.Context, player string, renew bool) (seat int, token string, err error) {
	err = h.mutate(ctx, func() (change, error) {
		seat, err = seats.Invite(h.seats(), player)
		if err != nil {
			return change{}, err
		}
		u := h.base()
		sc := store.SeatChange{Seat: seat}
		if renew {
			token, sc.TokenHash = seats.NewToken()
		}
		u.Seats = []store.SeatChange{sc}
		return change{update: u}, nil
	})
	return seat, token, err
}
