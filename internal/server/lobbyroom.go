package server

import (
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/store"
)

// lobbyRoom is this server's part of the lobby: the lobby WebSockets
// connected here, the open seeks as last read, and the loop that
// follows the store. What holds across servers lives in the store (seeks,
// presence leases, spectator counts); each server polls the store's
// lobby version and tells its own connections.
type lobbyRoom struct {
	srv  *Server
	cfg  LobbyConfig
	wake chan struct{}
	// beat asks the loop to renew the leases and read who is online at
	// its next tick: a player came or left.
	beat atomic.Bool

	mu        sync.Mutex
	conns     map[string]map[*lobbyConn]struct{} // by player id
	names     map[string]lobby.Player
	seeks     []lobby.Seek
	online    []lobby.Player
	version   int64
	told      map[string]bool // accepted seeks whose owner was told
	offered   map[string]bool // quick seeks whose owner was offered the AI
	lastBeat  time.Time       // last presence renewal; the loop's alone
	spectated map[string]int  // spectator counts last written; the loop's alone

	// seated are the seats with a socket here last written, at seatsAt
	// (seatpresence.go); the loop's alone.
	seated  []store.PresentSeat
	seatsAt time.Time
}

// lobbyConn is one lobby WebSocket: messages queue in out, and a
// connection too slow to take them is closed.
type lobbyConn struct {
	player lobby.Player
	out    chan []byte
	cancel context.CancelFunc
}

func newLobbyRoom(s *Server) *lobbyRoom {
	cfg := s.cfg.Lobby
	cfg.defaults()
	return &lobbyRoom{srv: s, cfg: cfg, wake: make(chan struct{}, 1), conns: map[string]map[*lobbyConn]struct{}{},
		names: map[string]lobby.Player{}, told: map[string]bool{}, offered: map[string]bool{}, version: -1}
}

// poke makes the loop look at the store now: this server changed it.
func (l *lobbyRoom) poke() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// run follows the store until the server closes.
func (l *lobbyRoom) run() {
	t := time.NewTicker(l.cfg.Poll)
	defer t.Stop()
	l.tick(l.srv.ctx)
	for {
		select {
		case <-l.srv.ctx.Done():
			return
		case <-t.C:
		case <-l.wake:
		}
		l.tick(l.srv.ctx)
	}
}

// tick renews the leases when due, then tells the connections here
// what changed in the lobby, whoever changed it.
func (l *lobbyRoom) tick(ctx context.Context) {
	st, now := l.srv.cfg.Store, l.srv.cfg.Clock.Now()
	onlineChanged := false
	if l.beat.Swap(false) || now.Sub(l.lastBeat) >= l.cfg.Lease/3 {
		l.lastBeat = now
		l.renew(ctx, now)
		online, err := st.Online(ctx, now)
		if err != nil {
			l.srv.log.Warn("lobby: online players", "err", err)
		}
		l.mu.Lock()
		onlineChanged = err == nil && !slices.Equal(online, l.online)
		if onlineChanged {
			l.online = online
		}
		l.mu.Unlock()
	}
	l.countSpectators(ctx, now)
	l.seatPresence(ctx, now)
	v, err := st.LobbyVersion(ctx)
	if err != nil {
		l.srv.log.Warn("lobby: version", "err", err)
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
func (l *lobbyRoom) renew(ctx context.Context, now time.Time) {
	l.mu.Lock()
	players := slices.Collect(maps.Values(l.names))
	l.mu.Unlock()
	st := l.srv.cfg.Store
	if err := st.SetPresence(ctx, l.srv.owner, players, now.Add(l.cfg.Lease)); err != nil {
		l.srv.log.Warn("lobby: presence", "err", err)
	}
	if err := st.SweepLobby(ctx, now, l.cfg.Lease); err != nil {
		l.srv.log.Warn("lobby: sweep", "err", err)
	}
}

// reload reads the open seeks and the games started for players here.
func (l *lobbyRoom) reload(ctx context.Context, v int64, now time.Time) bool {
	st := l.srv.cfg.Store
	seeks, err := st.OpenSeeks(ctx, now)
	if err != nil {
		l.srv.log.Warn("lobby: seeks", "err", err)
		return false
	}
	started, err := st.StartedSeeks(ctx, now.Add(-5*time.Minute))
	if err != nil {
		l.srv.log.Warn("lobby: started seeks", "err", err)
		return false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seeks, l.version = seeks, v
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
func (l *lobbyRoom) offerAI(now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, k := range l.seeks {
		if l.offered[k.ID] || len(l.conns[k.Owner.ID]) == 0 || !lobby.OfferAI(k, now, l.cfg.QuickPlayWait) {
			continue
		}
		l.offered[k.ID] = true
		l.sendLocked(k.Owner.ID, api.LobbyMessage{Type: "ai-offer", AIOffer: &api.AIOffer{Seek: k.ID, Game: k.Game, Level: l.srv.aiLevelFor(k)}})
	}
	if len(l.offered) > 10000 {
		clear(l.offered)
	}
}

// broadcast sends every connection its view of the lobby.
func (l *lobbyRoom) broadcast() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for id := range l.conns {
		v := l.viewLocked(l.names[id])
		l.sendLocked(id, api.LobbyMessage{Type: "lobby", Lobby: &v})
	}
}

// sendLocked queues msg for every connection of player; the caller
// holds l.mu.
func (l *lobbyRoom) sendLocked(player string, msg api.LobbyMessage) {
	b, err := json.Marshal(msg)
	if err != nil {
		return
	}
	for c := range l.conns[player] {
		select {
		case c.out <- b:
		default:
			c.cancel() // too slow: it reconnects and gets the lobby afresh
		}
	}
}

// viewFor is the lobby as me sees it.
func (l *lobbyRoom) viewFor(me lobby.Player) api.Lobby {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.viewLocked(me)
}

func (l *lobbyRoom) viewLocked(me lobby.Player) api.Lobby {
	out := api.Lobby{Me: api.PlayerRef{ID: me.ID, Name: me.Name}, Seeks: []api.Seek{}, Challenges: []api.Seek{}, Sent: []api.Seek{},
		Online: []api.PlayerRef{}, QuickPlayWait: l.cfg.QuickPlayWait.Milliseconds()}
	hidden := l.srv.blockedWith(l.srv.ctx, me.ID) // moderation hook
	for _, k := range l.seeks {
		switch {
		case hidden[k.Owner.ID] || hidden[k.To.ID]:
		case !k.Challenge():
			out.Seeks = append(out.Seeks, l.srv.seekJSON(k, me))
		case k.To.ID == me.ID:
			out.Challenges = append(out.Challenges, l.srv.seekJSON(k, me))
		case k.Owner.ID == me.ID:
			out.Sent = append(out.Sent, l.srv.seekJSON(k, me))
		}
	}
	for _, p := range l.online {
		if hidden[p.ID] {
			continue
		}
		out.Online = append(out.Online, api.PlayerRef{ID: p.ID, Name: p.Name})
	}
	return out
}

// join adds a connection; a player's first one here writes their
// presence at once, so that a seek posted right after is not swept.
func (l *lobbyRoom) join(ctx context.Context, c *lobbyConn) {
	l.mu.Lock()
	first := len(l.conns[c.player.ID]) == 0
	if first {
		l.conns[c.player.ID] = map[*lobbyConn]struct{}{}
	}
	l.conns[c.player.ID][c] = struct{}{}
	l.names[c.player.ID] = c.player
	l.mu.Unlock()
	if first {
		now := l.srv.cfg.Clock.Now()
		if err := l.srv.cfg.Store.SetPresence(ctx, l.srv.owner, []lobby.Player{c.player}, now.Add(l.cfg.Lease)); err != nil {
			l.srv.log.Warn("lobby: presence", "err", err)
		}
		l.beat.Store(true)
	}
	l.mu.Lock()
	v := l.viewLocked(c.player)
	l.sendLocked(c.player.ID, api.LobbyMessage{Type: "lobby", Lobby: &v})
	l.mu.Unlock()
	l.poke()
}

// leave removes a connection. With the player's last one here, their
// presence here ends after Rejoin, and their real-time seeks with it
// unless they came back (here, or to another server) meanwhile: a page
// reload is not a departure.
func (l *lobbyRoom) leave(c *lobbyConn) {
	l.mu.Lock()
	delete(l.conns[c.player.ID], c)
	last := len(l.conns[c.player.ID]) == 0
	if last {
		delete(l.conns, c.player.ID)
		delete(l.names, c.player.ID)
	}
	l.mu.Unlock()
	if last {
		time.AfterFunc(l.cfg.Rejoin, func() { l.left(c.player.ID) })
	}
}

// left ends a player's presence here, unless they came back.
func (l *lobbyRoom) left(player string) {
	if !l.srv.startTask() {
		return
	}
	defer l.srv.wg.Done()
	l.mu.Lock()
	back := len(l.conns[player]) > 0
	l.mu.Unlock()
	if back {
		return
	}
	ctx, cancel := context.WithTimeout(l.srv.ctx, 5*time.Second)
	defer cancel()
	if err := l.srv.cfg.Store.LeaveLobby(ctx, l.srv.owner, player, l.srv.cfg.Clock.Now()); err != nil {
		l.srv.log.Warn("lobby: leave", "err", err)
	}
	l.beat.Store(true)
	l.poke()
}

// handleLobbyWS serves GET /api/lobby/ws: the lobby as it changes, and
// the news of games started for this player.
func (s *Server) handleLobbyWS(w http.ResponseWriter, r *http.Request) {
	me, err := s.lobbyPlayer(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.cfg.WSOriginPatterns})
	if err != nil {
		return
	}
	defer conn.CloseNow()
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	c := &lobbyConn{player: me, out: make(chan []byte, 32), cancel: cancel}
	s.lobby.join(ctx, c)
	defer s.lobby.leave(c)
	go func() { // reading serves pongs and sees the client leave
		defer cancel()
		for {
			if _, _, err := conn.Read(ctx); err != nil {
				return
			}
		}
	}()
	writeLobby(ctx, conn, c)
}

// writeLobby sends c's messages as they come, and pings.
func writeLobby(ctx context.Context, conn *websocket.Conn, c *lobbyConn) {
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			conn.Close(websocket.StatusGoingAway, "")
			return
		case <-ping.C:
			pctx, pcancel := context.WithTimeout(ctx, writeTimeout)
			err := conn.Ping(pctx)
			pcancel()
			if err != nil {
				return
			}
		case msg := <-c.out:
			wctx, wcancel := context.WithTimeout(ctx, writeTimeout)
			err := conn.Write(wctx, websocket.MessageText, msg)
			wcancel()
			if err != nil {
				return
			}
		}
	}
}
