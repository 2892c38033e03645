package room

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// A seat is connected when a WebSocket of it is open on any server on
// the database (docs/clocks.md, "Present or not"). Each server writes the
// seats connected through it as leases (store.SeatPresence), renewed with
// the lobby's presence (every Lease/3) and at once, through the lobby
// loop, when a seat's first socket here opens or its last one closes;
// each server reads the other servers' leases of the games it holds at
// every lobby poll, and sends the views whose presence changed.

// connected reports whether a WebSocket of seat is open here or, as a
// live lease says, on another server. The caller holds h.mu.
func (h *Room) connected(seat int) bool {
	return h.present[seat] > 0 || h.remote[seat]
}

// seatCame counts a socket identified as seat; the seat's first one here
// is news for the other servers. The caller holds h.mu.
func (h *Room) seatCame(seat int) {
	h.present[seat]++
	h.publish()
	if h.present[seat] == 1 {
		h.hb.cfg.Events.PresenceChanged()
	}
}

// seatLeft uncounts a socket of seat; its last one here is news for the
// other servers. The caller holds h.mu.
func (h *Room) seatLeft(seat int) {
	h.present[seat]--
	h.publish()
	if h.present[seat] == 0 {
		h.hb.cfg.Events.PresenceChanged()
	}
}

// readRemote reads which seats of the game other servers hold, for a
// room being loaded: its first view is then right. The caller holds h.mu.
func (h *Room) readRemote(ctx context.Context) {
	hb := h.hb
	seats, err := hb.cfg.Store.SeatsPresent(ctx, hb.cfg.Owner, []string{h.id}, hb.cfg.Clock.Now())
	if err != nil {
		hb.cfg.Log.Warn("seat presence", "game", h.id, "err", err)
		return
	}
	h.remote = remoteOf(seats)[h.id]
}

// remoteOf indexes seats by game.
func remoteOf(seats []store.PresentSeat) map[string][2]bool {
	out := map[string][2]bool{}
	for _, p := range seats {
		if p.Seat < 0 || p.Seat > 1 {
			continue // not a seat of a two-player game: nothing shows it
		}
		r := out[p.Game]
		r[p.Seat] = true
		out[p.Game] = r
	}
	return out
}

// loadedRooms returns the games held here and loaded.
func (hb *Hub) loadedRooms() []*Room {
	rooms := hb.all()
	out := rooms[:0]
	for _, h := range rooms {
		h.mu.Lock()
		if h.loaded && !h.evicted {
			out = append(out, h)
		}
		h.mu.Unlock()
	}
	return out
}

// SyncPresence writes this server's spectators and connected seats when
// they changed or their lease is due for renewal (beat: the lobby
// renews its own leases now), then reads the other servers' seats. One
// goroutine calls it (the lobby loop).
func (hb *Hub) SyncPresence(ctx context.Context, now time.Time, lease time.Duration, beat bool) {
	hb.countSpectators(ctx, now, lease, beat)
	rooms := hb.loadedRooms()
	hb.writeSeats(ctx, rooms, now, lease)
	hb.readSeats(ctx, rooms, now)
}

// writeSeats writes the seats with a socket here, sorted, when they are
// not what was last written or lease/3 passed since.
func (hb *Hub) writeSeats(ctx context.Context, rooms []*Room, now time.Time, lease time.Duration) {
	var seats []store.PresentSeat
	for _, h := range rooms {
		h.mu.Lock()
		for i, n := range h.present {
			if n > 0 {
				seats = append(seats, store.PresentSeat{Game: h.id, Seat: i})
			}
		}
		h.mu.Unlock()
	}
	slices.SortFunc(seats, func(a, b store.PresentSeat) int { return cmp.Or(cmp.Compare(a.Game, b.Game), a.Seat-b.Seat) })
	if slices.Equal(seats, hb.seated) && now.Sub(hb.seatsAt) < lease/3 {
		return
	}
	if err := hb.cfg.Store.SetSeatsPresent(ctx, hb.cfg.Owner, seats, now.Add(lease)); err != nil {
		hb.cfg.Log.Warn("seat presence", "err", err)
		return
	}
	hb.seated, hb.seatsAt = seats, now
}

// readSeats reads the seats other servers hold of the games here, and
// sends a new view of each game whose presence changed.
func (hb *Hub) readSeats(ctx context.Context, rooms []*Room, now time.Time) {
	if len(rooms) == 0 {
		return
	}
	ids := make([]string, len(rooms))
	for i, h := range rooms {
		ids[i] = h.id
	}
	seats, err := hb.cfg.Store.SeatsPresent(ctx, hb.cfg.Owner, ids, now)
	if err != nil {
		hb.cfg.Log.Warn("seat presence", "err", err)
		return
	}
	remote := remoteOf(seats)
	for _, h := range rooms {
		h.mu.Lock()
		if r := remote[h.id]; r != h.remote && !h.evicted {
			h.remote = r
			h.publish()
		}
		h.mu.Unlock()
	}
}

// ForgetSeats deletes this server's seat leases as it stops, so that the
// other servers see its players leave now rather than a lease later.
func (hb *Hub) ForgetSeats() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hb.cfg.Store.SetSeatsPresent(ctx, hb.cfg.Owner, nil, hb.cfg.Clock.Now()); err != nil {
		hb.cfg.Log.Warn("seat presence at shutdown", "err", err)
	}
}

// countSpectators writes this server's spectators per game (game
// sockets, not chat ones, watching a game that named no seat) when they
// changed, and renews them with the presence leases (beat), so that the
// watchers' count sums every server's.
func (hb *Hub) countSpectators(ctx context.Context, now time.Time, lease time.Duration, beat bool) {
	counts := map[string]int{}
	for _, h := range hb.all() {
		h.mu.Lock()
		// A person is one game socket: the chat panel's socket of the
		// same page (chat) is not counted again, nor are seated players.
		n := 0
		for _, w := range h.watchers {
			if w.seat < 0 && !w.chat {
				n++
			}
		}
		if n > 0 {
			counts[h.id] = n
		}
		h.mu.Unlock()
	}
	if maps.Equal(counts, hb.spectated) && !beat {
		return
	}
	if err := hb.cfg.Store.SetWatchers(ctx, hb.cfg.Owner, counts, now.Add(lease)); err != nil {
		hb.cfg.Log.Warn("lobby: spectators", "err", err)
		return
	}
	hb.spectated = counts
}
