package server

import "context"

// followMerge reloads, after a guest was merged into an account (err
// nil), the games this server holds in which the guest had a seat: the
// merge rewrote their seats in the database only, and a game the account
// played against its own guest must show both seats as the account's.
// Other servers learn it when they next read the game.
func (s *Server) followMerge(ctx context.Context, guest string, err error) {
	if err != nil {
		return
	}
	s.mu.Lock()
	held := make([]*hub, 0, len(s.hubs))
	for _, h := range s.hubs {
		held = append(held, h)
	}
	s.mu.Unlock()
	for _, h := range held {
		h.mu.Lock()
		if h.loaded && !h.evicted && (h.rec.Seats[0].Player == guest || h.rec.Seats[1].Player == guest) {
			if err := h.reload(context.WithoutCancel(ctx)); err != nil {
				s.log.Error("reloading a game after a merge", "game", h.id, "err", err)
			}
		}
		h.mu.Unlock()
	}
}
