package room

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/store"
)

// Hub holds the games of this process in memory, one Room each, loaded
// on first use and evicted when idle. Create it with New.
type Hub struct {
	cfg     Config
	ctx     context.Context // ends when the server closes: AI searches, refreshes
	closing atomic.Bool

	mu    sync.Mutex
	rooms map[string]*Room

	// The presence leases last written (presence.go); the presence
	// loop's alone.
	seated    []store.PresentSeat
	seatsAt   time.Time
	spectated map[string]int
}

// New returns a hub over cfg whose background work (AI searches, reloads)
// ends with ctx.
func New(ctx context.Context, cfg Config) *Hub {
	return &Hub{cfg: cfg, ctx: ctx, rooms: map[string]*Room{}}
}

// Close makes every later With refuse with ErrClosing.
func (hb *Hub) Close() { hb.closing.Store(true) }

// With runs fn with the game's room loaded and locked.
func (hb *Hub) With(ctx context.Context, id string, fn func(r *Room) error) error {
	if hb.closing.Load() {
		return ErrShuttingDown
	}
	for {
		h := hb.roomFor(id)
		h.mu.Lock()
		if h.evicted {
			h.mu.Unlock()
			continue
		}
		if err := h.ensureLoaded(ctx); err != nil {
			h.mu.Unlock()
			return err
		}
		h.lastUsed = time.Now()
		err := fn(h)
		h.mu.Unlock()
		return err
	}
}

// roomFor returns the room of id, a new unloaded one if none is held.
func (hb *Hub) roomFor(id string) *Room {
	hb.mu.Lock()
	defer hb.mu.Unlock()
	h, ok := hb.rooms[id]
	if !ok {
		h = newRoom(hb, id)
		hb.rooms[id] = h
	}
	return h
}

// Held returns the room of id if this process holds it, loaded or not.
func (hb *Hub) Held(id string) (*Room, bool) {
	hb.mu.Lock()
	defer hb.mu.Unlock()
	h, ok := hb.rooms[id]
	return h, ok
}

// NewRoom returns the room of a game about to be created, g with its
// state st and rules info; Adopt makes it the one the hub holds once g
// is stored.
func (hb *Hub) NewRoom(ctx context.Context, g store.Game, st game.State, info game.Game) *Room {
	h := newRoom(hb, g.ID)
	h.rec, h.state, h.info, h.loaded = g, st, info, true
	h.names = hb.cfg.Events.SeatNames(ctx, g.Seats)
	return h
}

// Adopt makes a just-created game's room the one the hub holds, so the
// game is not read back from the store, and returns its view.
func (hb *Hub) Adopt(h *Room) []byte {
	h.mu.Lock()
	defer h.mu.Unlock()
	hb.mu.Lock()
	if _, taken := hb.rooms[h.id]; !taken {
		hb.rooms[h.id] = h
	}
	hb.mu.Unlock()
	h.lastUsed = time.Now()
	h.publish()
	if h.aiToAct() {
		hb.cfg.Events.AIOwed()
	}
	return *h.view.Load()
}

// drop forgets a room (its game does not exist, or it was evicted); the
// caller holds h.mu.
func (hb *Hub) drop(h *Room) {
	h.evicted = true
	hb.mu.Lock()
	if hb.rooms[h.id] == h {
		delete(hb.rooms, h.id)
	}
	hb.mu.Unlock()
}

// Changed is told every game change of any process (store.Change
// without Chat); a zero Change means changes may have been missed. A
// change that leaves an AI move owed wakes the AI queue.
func (hb *Hub) Changed(c store.Change) {
	if c.ID == "" || c.AIToAct {
		hb.cfg.Events.AIOwed()
	}
	hb.mu.Lock()
	var rooms []*Room
	if c.ID == "" {
		for _, h := range hb.rooms {
			rooms = append(rooms, h)
		}
	} else if h, ok := hb.rooms[c.ID]; ok {
		rooms = append(rooms, h)
	}
	hb.mu.Unlock()
	for _, h := range rooms {
		h.refresh(hb.ctx, c.Version)
	}
}

// Janitor evicts the games nobody has used for a while, so memory
// follows the games being played rather than every game since the
// start; it returns when the hub's context ends.
func (hb *Hub) Janitor() {
	t := time.NewTicker(min(hb.cfg.IdleEvict/2, time.Minute))
	defer t.Stop()
	for {
		select {
		case <-hb.ctx.Done():
			return
		case <-t.C:
		}
		for _, h := range hb.all() {
			if h.mu.TryLock() {
				if h.idle(hb.cfg.IdleEvict) {
					hb.drop(h)
				}
				h.mu.Unlock()
			}
		}
	}
}

// all returns the rooms held, loaded or not.
func (hb *Hub) all() []*Room {
	hb.mu.Lock()
	defer hb.mu.Unlock()
	rooms := make([]*Room, 0, len(hb.rooms))
	for _, h := range hb.rooms {
		rooms = append(rooms, h)
	}
	return rooms
}

// Loaded returns how many games are held in memory.
func (hb *Hub) Loaded() int {
	hb.mu.Lock()
	defer hb.mu.Unlock()
	return len(hb.rooms)
}
