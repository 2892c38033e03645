package server

import (
	"context"
	"maps"
	"time"
)

// countSpectators writes this server's spectators per game (game
// sockets, not chat ones, watching a game that named no seat) when they changed, and renews
// them with the presence leases, so that GET /api/games/{id}/watchers
// sums every server's.
func (l *lobbyRoom) countSpectators(ctx context.Context, now time.Time) {
	s := l.srv
	s.mu.Lock()
	hubs := make([]*hub, 0, len(s.hubs))
	for _, h := range s.hubs {
		hubs = append(hubs, h)
	}
	s.mu.Unlock()
	counts := map[string]int{}
	for _, h := range hubs {
		h.mu.Lock()
		// A person is one game socket: the chat panel's socket of the
		// same page (chat) is not counted again, nor are seated players.
		n := 0
		for w := range h.watchers {
			if w.seat < 0 && !w.chat {
				n++
			}
		}
		if n > 0 {
			counts[h.id] = n
		}
		h.mu.Unlock()
	}
	if maps.Equal(counts, l.spectated) && !l.lastBeat.Equal(now) {
		return
	}
	if err := s.cfg.Store.SetWatchers(ctx, s.owner, counts, now.Add(l.cfg.Lease)); err != nil {
		s.log.Warn("lobby: spectators", "err", err)
		return
	}
	l.spectated = counts
}
