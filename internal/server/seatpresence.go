package server

import (
	"cmp"
	"context"
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
func (h *hub) connected(seat int) bool {
	return h.present[seat] > 0 || h.remote[seat]
}

// seatCame counts a socket identified as seat; the seat's first one here
// is news for the other servers. The caller holds h.mu.
func (h *hub) seatCame(seat int) {
	h.present[seat]++
	h.publish()
	if h.present[seat] == 1 {
		h.srv.lobby.poke()
	}
}

// seatLeft uncounts a socket of seat; its last one here is news for the
// other servers. The caller holds h.mu.
func (h *hub) seatLeft(seat int) {
	h.present[seat]--
	h.publish()
	if h.present[seat] == 0 {
		h.srv.lobby.poke()
	}
}

// readRemote reads which seats of the game other servers hold, for a
// hub being loaded: its first view is then right. The caller holds h.mu.
func (h *hub) readRemote(ctx context.Context) {
	s := h.srv
	seats, err := s.cfg.Store.SeatsPresent(ctx, s.owner, []string{h.id}, s.cfg.Clock.Now())
	if err != nil {
		s.log.Warn("seat presence", "game", h.id, "err", err)
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

// loadedHubs returns the games held here and loaded.
func (s *Server) loadedHubs() []*hub {
	s.mu.Lock()
	hubs := make([]*hub, 0, len(s.hubs))
	for _, h := range s.hubs {
		hubs = append(hubs, h)
	}
	s.mu.Unlock()
	out := hubs[:0]
	for _, h := range hubs {
		h.mu.Lock()
		if h.loaded && !h.evicted {
			out = append(out, h)
		}
		h.mu.Unlock()
	}
	return out
}

// seatPresence writes this server's connected seats when they changed or
// their lease is due for renewal, then reads the other servers'.
func (l *lobbyRoom) seatPresence(ctx context.Context, now time.Time) {
	hubs := l.srv.loadedHubs()
	l.writeSeats(ctx, hubs, now)
	l.readSeats(ctx, hubs, now)
}

// writeSeats writes the seats with a socket here, sorted, when they are
// not what was last written or Lease/3 passed since.
func (l *lobbyRoom) writeSeats(ctx context.Context, hubs []*hub, now time.Time) {
	var seats []store.PresentSeat
	for _, h := range hubs {
		h.mu.Lock()
		for i, n := range h.present {
			if n > 0 {
				seats = append(seats, store.PresentSeat{Game: h.id, Seat: i})
			}
		}
		h.mu.Unlock()
	}
	slices.SortFunc(seats, func(a, b store.PresentSeat) int { return cmp.Or(cmp.Compare(a.Game, b.Game), a.Seat-b.Seat) })
	if slices.Equal(seats, l.seated) && now.Sub(l.seatsAt) < l.cfg.Lease/3 {
		return
	}
	s := l.srv
	if err := s.cfg.Store.SetSeatsPresent(ctx, s.owner, seats, now.Add(l.cfg.Lease)); err != nil {
		s.log.Warn("seat presence", "err", err)
		return
	}
	l.seated, l.seatsAt = seats, now
}

// readSeats reads the seats other servers hold of the games here, and
// sends a new view of each game whose presence changed.
func (l *lobbyRoom) readSeats(ctx context.Context, hubs []*hub, now time.Time) {
	if len(hubs) == 0 {
		return
	}
	ids := make([]string, len(hubs))
	for i, h := range hubs {
		ids[i] = h.id
	}
	s := l.srv
	seats, err := s.cfg.Store.SeatsPresent(ctx, s.owner, ids, now)
	if err != nil {
		s.log.Warn("seat presence", "err", err)
		return
	}
	remote := remoteOf(seats)
	for _, h := range hubs {
		h.mu.Lock()
		if r := remote[h.id]; r != h.remote && !h.evicted {
			h.remote = r
			h.publish()
		}
		h.mu.Unlock()
	}
}

// forgetSeats deletes this server's seat leases as it stops, so that the
// other servers see its players leave now rather than a lease later.
func (s *Server) forgetSeats() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.cfg.Store.SetSeatsPresent(ctx, s.owner, nil, s.cfg.Clock.Now()); err != nil {
		s.log.Warn("seat presence at shutdown", "err", err)
	}
}
