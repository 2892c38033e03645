package lobby

import (
	"context"
	"encoding/json"
	"log/slog"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/store"
)

// LoopStore is the slice of the store the lobby loop reads and writes.
type LoopStore interface {
	SetPresence(ctx context.Context, server string, players []Player, until time.Time) error
	SweepLobby(ctx context.Context, now time.Time, grace time.Duration) error
	Online(ctx context.Context, now time.Time) ([]Player, error)
	OpenSeeks(ctx context.Context, now time.Time) ([]store.Seek, error)
	StartedSeeks(ctx context.Context, since time.Time) ([]store.Started, error)
	LobbyVersion(ctx context.Context) (int64, error)
	LeaveLobby(ctx context.Context, server, player string, now time.Time) error
}

// Clock tells the time of the leases, which servers sharing a database
// compare.
type Clock interface{ Now() time.Time }

// LoopConfig is what a Loop is built from; every field is required.
type LoopConfig struct {
	Store LoopStore
	Clock Clock
	Log   *slog.Logger
	// Owner names this process on the presence leases it writes.
	Owner string
	// Poll is how often the loop looks for changes made through other
	// servers; Lease how long a presence lease holds; QuickPlayWait how
	// long a quick seek waits before the AI is offered; Rejoin how long
	// a player who left has to come back before their seeks die.
	Poll, Lease, QuickPlayWait, Rejoin time.Duration
	// SeekView shows seek k as the API does, to player me.
	SeekView func(k Seek, me Player) api.Seek
	// AILevel is the AI level quick play offers the owner of k.
	AILevel func(k Seek) int
	// Presence runs at every tick, after the lobby's own leases (beat:
	// renewed at this tick): the rooms' presence (room.Hub.SyncPresence).
	Presence func(ctx context.Context, now time.Time, beat bool)
	// Go runs fn as one of the server's tasks, or reports false once
	// the server closes.
	Go func(fn func()) bool
	// Hidden returns the players blocked with a player, whose seeks and
	// presence the player does not see (nil: none are).
	Hidden func(ctx context.Context, player string) map[string]bool
}

// Loop is this server's part of the lobby: the lobby WebSockets
// connected here, the open seeks as last read, and the loop that
// follows the store. What holds across servers lives in the store (seeks,
// presence leases, spectator counts); each server polls the store's
// lobby version and tells its own connections.
type Loop struct {
	ctx  context.Context
	cfg  LoopConfig
	wake chan struct{}
	// beat asks the loop to renew the leases and read who is online at
	// its next tick: a player came or left.
	beat atomic.Bool

	mu       sync.Mutex
	conns    map[string]map[*Conn]struct{} // by player id
	names    map[string]Player
	seeks    []Seek
	online   []Player
	version  int64
	told     map[string]bool // accepted seeks whose owner was told
	offered  map[string]bool // quick seeks whose owner was offered the AI
	lastBeat time.Time       // last presence renewal; the loop's alone
}

// Conn is one lobby WebSocket: messages queue in Out, and a connection
// too slow to take them is cancelled.
type Conn struct {
	Player Player
	Out    chan []byte
	Cancel context.CancelFunc
}

// NewLoop returns the lobby loop of this server, whose work ends with
// ctx; Run runs it.
func NewLoop(ctx context.Context, cfg LoopConfig) *Loop {
	return &Loop{ctx: ctx, cfg: cfg, wake: make(chan struct{}, 1), conns: map[string]map[*Conn]struct{}{},
		names: map[string]Player{}, told: map[string]bool{}, offered: map[string]bool{}, version: -1}
}

// Poke makes the loop look at the store now: this server changed it.
func (l *Loop) Poke() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// Run follows the store until the loop's context ends.
func (l *Loop) Run() {
	t := time.NewTicker(l.cfg.Poll)
	defer t.Stop()
	l.tick(l.ctx)
	for {
		select {
		case <-l.ctx.Done():
			return
		case <-t.C:
		case <-l.wake:
		}
		l.tick(l.ctx)
	}
}

// tick renews the leases when due, then tells the connections here
// what changed in the lobby, whoever changed it.
func (l *Loop) tick(ctx context.Context) {
	st, now := l.cfg.Store, l.cfg.Clock.Now()
	onlineChanged := false
	if l.beat.Swap(false) || now.Sub(l.lastBeat) >= l.cfg.Lease/3 {
		l.lastBeat = now
		l.renew(ctx, now)
		online, err := st.Online(ctx, now)
		if err != nil {
			l.cfg.Log.Warn("lobby: online players", "err", err)
		}
		l.mu.Lock()
		onlineChanged = err == nil && !slices.Equal(online, l.online)
		if onlineChanged {
			l.online = online
		}
		l.mu.Unlock()
	}
	l.cfg.Presence(ctx, now, l.lastBeat.Equal(now))
	v, err := st.LobbyVersion(ctx)
	if err != nil {
		l.cfg.Log.Warn("lobby: version", "err", err)
		return
	}
	l.mu.Lock()
	changed := v != l.version
	l.mu.Unlock()
	if changed {
		if !l.reload(ctx, v, now) {
			return
		}
	}
	if changed || onlineChanged {
		l.broadcast()
	}
	l.offerAI(now)
}

// renew writes the presence leases of the players connected here and
// sweeps what died.
func (l *Loop) renew(ctx context.Context, now time.Time) {
	l.mu.Lock()
	players := slices.Collect(maps.Values(l.names))
	l.mu.Unlock()
	st := l.cfg.Store
	if err := st.SetPresence(ctx, l.cfg.Owner, players, now.Add(l.cfg.Lease)); err != nil {
		l.cfg.Log.Warn("lobby: presence", "err", err)
	}
	if err := st.SweepLobby(ctx, now, l.cfg.Lease); err != nil {
		l.cfg.Log.Warn("lobby: sweep", "err", err)
	}
}

// reload reads the open seeks and the games started for players here.
func (l *Loop) reload(ctx context.Context, v int64, now time.Time) bool {
	st := l.cfg.Store
	seeks, err := st.OpenSeeks(ctx, now)
	if err != nil {
		l.cfg.Log.Warn("lobby: seeks", "err", err)
		return false
	}
	started, err := st.StartedSeeks(ctx, now.Add(-5*time.Minute))
	if err != nil {
		l.cfg.Log.Warn("lobby: started seeks", "err", err)
		return false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seeks, l.version = SeeksOf(seeks), v
	for _, s := range started {
		if l.told[s.Seek] || len(l.conns[s.Owner]) == 0 {
			continue
		}
		l.told[s.Seek] = true
		l.sendLocked(s.Owner, api.LobbyMessage{Type: "start", Start: &api.Started{Game: s.GameID, Player: s.OwnerSeat}})
	}
	if len(l.told) > 10000 { // accepted seeks live minutes: forget old news
		clear(l.told)
	}
	return true
}

// offerAI offers the AI to the owners of quick seeks waiting here for
// longer than QuickPlayWait.
func (l *Loop) offerAI(now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, k := range l.seeks {
		if l.offered[k.ID] || len(l.conns[k.Owner.ID]) == 0 || !OfferAI(k, now, l.cfg.QuickPlayWait) {
			continue
		}
		l.offered[k.ID] = true
		l.sendLocked(k.Owner.ID, api.LobbyMessage{Type: "ai-offer", AIOffer: &api.AIOffer{Seek: k.ID, Game: k.Game, Level: l.cfg.AILevel(k)}})
	}
	if len(l.offered) > 10000 {
		clear(l.offered)
	}
}

// broadcast sends every connection its view of the lobby.
func (l *Loop) broadcast() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for id := range l.conns {
		v := l.viewLocked(l.names[id])
		l.sendLocked(id, api.LobbyMessage{Type: "lobby", Lobby: &v})
	}
}

// sendLocked queues msg for every connection of player; the caller
// holds l.mu.
func (l *Loop) sendLocked(player string, msg api.LobbyMessage) {
	b, err := json.Marshal(msg)
	if err != nil {
		return
	}
	for c := range l.conns[player] {
		select {
		case c.Out <- b:
		default:
			c.Cancel() // too slow: it reconnects and gets the lobby afresh
		}
	}
}

// View is the lobby as me sees it.
func (l *Loop) View(me Player) api.Lobby {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.viewLocked(me)
}

func (l *Loop) viewLocked(me Player) api.Lobby {
	out := api.Lobby{Me: api.PlayerRef{ID: me.ID, Name: me.Name}, Seeks: []api.Seek{}, Challenges: []api.Seek{}, Sent: []api.Seek{},
		Online: []api.PlayerRef{}, QuickPlayWait: l.cfg.QuickPlayWait.Milliseconds()}
	var hidden map[string]bool
	if l.cfg.Hidden != nil {
		hidden = l.cfg.Hidden(context.Background(), me.ID)
	}
	for _, k := range l.seeks {
		switch {
		case hidden[k.Owner.ID] || hidden[k.To.ID]:
		case !k.Challenge():
			out.Seeks = append(out.Seeks, l.cfg.SeekView(k, me))
		case k.To.ID == me.ID:
			out.Challenges = append(out.Challenges, l.cfg.SeekView(k, me))
		case k.Owner.ID == me.ID:
			out.Sent = append(out.Sent, l.cfg.SeekView(k, me))
		}
	}
	for _, p := range l.online {
		if !hidden[p.ID] {
			out.Online = append(out.Online, api.PlayerRef{ID: p.ID, Name: p.Name})
		}
	}
	return out
}

// Join adds a connection; a player's first one here writes their
// presence at once, so that a seek posted right after is not swept.
func (l *Loop) Join(ctx context.Context, c *Conn) {
	l.mu.Lock()
	first := len(l.conns[c.Player.ID]) == 0
	if first {
		l.conns[c.Player.ID] = map[*Conn]struct{}{}
	}
	l.conns[c.Player.ID][c] = struct{}{}
	l.names[c.Player.ID] = c.Player
	l.mu.Unlock()
	if first {
		now := l.cfg.Clock.Now()
		if err := l.cfg.Store.SetPresence(ctx, l.cfg.Owner, []Player{c.Player}, now.Add(l.cfg.Lease)); err != nil {
			l.cfg.Log.Warn("lobby: presence", "err", err)
		}
		l.beat.Store(true)
	}
	l.mu.Lock()
	v := l.viewLocked(c.Player)
	l.sendLocked(c.Player.ID, api.LobbyMessage{Type: "lobby", Lobby: &v})
	l.mu.Unlock()
	l.Poke()
}

// Leave removes a connection. With the player's last one here, their
// presence here ends after Rejoin, and their real-time seeks with it
// unless they came back (here, or to another server) meanwhile: a page
// reload is not a departure.
func (l *Loop) Leave(c *Conn) {
	l.mu.Lock()
	delete(l.conns[c.Player.ID], c)
	last := len(l.conns[c.Player.ID]) == 0
	if last {
		delete(l.conns, c.Player.ID)
		delete(l.names, c.Player.ID)
	}
	l.mu.Unlock()
	if last {
		time.AfterFunc(l.cfg.Rejoin, func() { l.cfg.Go(func() { l.left(c.Player.ID) }) })
	}
}

// left ends a player's presence here, unless they came back.
func (l *Loop) left(player string) {
	l.mu.Lock()
	back := len(l.conns[player]) > 0
	l.mu.Unlock()
	if back {
		return
	}
	ctx, cancel := context.WithTimeout(l.ctx, 5*time.Second)
	defer cancel()
	if err := l.cfg.Store.LeaveLobby(ctx, l.cfg.Owner, player, l.cfg.Clock.Now()); err != nil {
		l.cfg.Log.Warn("lobby: leave", "err", err)
	}
	l.beat.Store(true)
	l.Poke()
}
