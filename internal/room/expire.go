package room

import (
	"time"
)

// expireEvery is how often the abandoned games are looked for.
const expireEvery = time.Hour

// Expirer deletes, once an hour, the games nobody played in (see
// store.Store.Expire for the rule, and Config.ExpireAfter for the age),
// until the hub's context ends. Every process sharing a database may do
// it; each game goes once.
func (hb *Hub) Expirer() {
	if hb.cfg.ExpireAfter < 0 {
		return
	}
	t := time.NewTicker(min(hb.cfg.IdleEvict/2, time.Minute))
	defer t.Stop()
	var last time.Time
	for {
		if now := hb.cfg.Now(); now.Sub(last) >= expireEvery {
			last = now
			hb.expire(now.Add(-hb.cfg.ExpireAfter))
		}
		select {
		case <-hb.ctx.Done():
			return
		case <-t.C:
		}
	}
}

// expire deletes the games abandoned before cutoff, batch by batch, and
// forgets those this process holds.
func (hb *Hub) expire(cutoff time.Time) {
	total := 0
	for hb.ctx.Err() == nil {
		ids, err := hb.cfg.Store.Expire(hb.ctx, cutoff)
		if err != nil {
			hb.cfg.Log.Error("expiring abandoned games", "err", err)
			return
		}
		for _, id := range ids {
			hb.forget(id)
		}
		total += len(ids)
		if len(ids) == 0 {
			break
		}
	}
	if total > 0 {
		hb.cfg.Log.Info("abandoned games deleted", "games", total, "before", cutoff)
	}
}

// forget drops the room of a deleted game, if this process holds it.
func (hb *Hub) forget(id string) {
	h, ok := hb.Held(id)
	if !ok {
		return
	}
	h.mu.Lock()
	hb.drop(h)
	h.mu.Unlock()
}
