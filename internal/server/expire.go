package server

import (
	"time"
)

// expireEvery is how often the abandoned games are looked for.
const expireEvery = time.Hour

// expirer deletes, once an hour, the games nobody played in: see
// store.Store.Expire for the rule, and Config.ExpireAfter for the age.
// Every process sharing a database may do it; each game goes once.
func (s *Server) expirer() {
	if s.cfg.ExpireAfter < 0 {
		return
	}
	t := time.NewTicker(min(s.cfg.IdleEvict/2, time.Minute))
	defer t.Stop()
	var last time.Time
	for {
		if now := s.now(); now.Sub(last) >= expireEvery {
			last = now
			s.expire(now.Add(-s.cfg.ExpireAfter))
		}
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
		}
	}
}

// expire deletes the games abandoned before cutoff, batch by batch, and
// forgets those this process holds.
func (s *Server) expire(cutoff time.Time) {
	total := 0
	for s.ctx.Err() == nil {
		ids, err := s.cfg.Store.Expire(s.ctx, cutoff)
		if err != nil {
			s.log.Error("expiring abandoned games", "err", err)
			return
		}
		for _, id := range ids {
			s.forget(id)
		}
		total += len(ids)
		if len(ids) == 0 {
			break
		}
	}
	if total > 0 {
		s.log.Info("abandoned games deleted", "games", total, "before", cutoff)
	}
}

// forget drops the hub of a deleted game, if this process holds it.
func (s *Server) forget(id string) {
	s.mu.Lock()
	h, ok := s.hubs[id]
	s.mu.Unlock()
	if !ok {
		return
	}
	h.mu.Lock()
	s.drop(h)
	h.mu.Unlock()
}

func (s *Server) now() time.Time { return s.cfg.Now() }
