package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"github.com/plateau-games/plateau/internal/room"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/bots"
	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/store"
)

// botStore is what the bot API needs of the store beyond store.Store,
// implemented by the SQL stores (internal/store/bots.go).
type botStore interface {
	bots.Store
	MakeBot(ctx context.Context, player string, at time.Time) error
	IsBot(ctx context.Context, player string) (bool, error)
	Bots(ctx context.Context, limit int) ([]store.Bot, error)
}

// Bot API bounds: streams open at once per bot on this server, how
// often they look, and the longest silence (an empty line) on them.
const (
	maxEventStreams = 2
	maxGameStreams  = 64
	eventPoll       = 500 * time.Millisecond
	gamePoll        = 100 * time.Millisecond
	botKeepAlive    = 10 * time.Second
	botOnline       = time.Minute
	botsListed      = 200
)

// botAPI serves the bot endpoints; open counts the streams per bot.
type botAPI struct {
	s      *Server
	store  botStore
	mu     sync.Mutex
	open   map[string]int                   // game streams per bot
	events map[string][]*context.CancelFunc // event streams per bot, oldest first
}

// routesBots adds the bot API (docs/bots.md) when the store keeps bots.
func (s *Server) routesBots(m *http.ServeMux) {
	bs, ok := s.cfg.Store.(botStore)
	if !ok {
		return
	}
	b := &botAPI{s: s, store: bs, open: map[string]int{}, events: map[string][]*context.CancelFunc{}}
	m.HandleFunc("POST /api/bot/account/upgrade", b.handleUpgrade)
	m.HandleFunc("GET /api/bots", b.handleList)
	m.HandleFunc("GET /api/bot/stream/event", b.handleEvents)
	m.HandleFunc("GET /api/bot/game/stream/{id}", b.handleGame)
}

// isBot reports whether a player is a bot; false when unknown.
func (s *Server) isBot(ctx context.Context, player string) bool {
	bs, ok := s.cfg.Store.(botStore)
	if !ok || player == "" {
		return false
	}
	yes, err := bs.IsBot(ctx, player)
	if err != nil {
		s.log.Warn("is bot", "player", player, "err", err)
	}
	return yes
}

// handleUpgrade makes the requester's account a bot, for good.
func (b *botAPI) handleUpgrade(w http.ResponseWriter, r *http.Request) {
	c, err := b.s.playerOf(r)
	if err == nil {
		err = b.store.MakeBot(r.Context(), c.player, b.s.cfg.Now())
	}
	if err != nil {
		b.s.fail(w, r, err)
		return
	}
	b.s.log.Info("account became a bot", "player", c.player)
	ref := b.s.refOf(r.Context(), c.player)
	b.s.reply(w, http.StatusOK, api.BotAccount{ID: c.player, Name: ref.Name, Bot: true})
}

// handleList serves GET /api/bots: every bot with its games and ratings.
func (b *botAPI) handleList(w http.ResponseWriter, r *http.Request) {
	list, err := b.store.Bots(r.Context(), botsListed)
	if err != nil {
		b.s.fail(w, r, err)
		return
	}
	out := api.Bots{Bots: []api.BotInfo{}}
	now := b.s.cfg.Now()
	for _, bt := range list {
		info, err := b.info(r, bt, now)
		if err != nil {
			b.s.fail(w, r, err)
			return
		}
		out.Bots = append(out.Bots, info)
	}
	b.s.reply(w, http.StatusOK, out)
}

// info is one bot as GET /api/bots lists it.
func (b *botAPI) info(r *http.Request, bt store.Bot, now time.Time) (api.BotInfo, error) {
	out := api.BotInfo{ID: bt.Player, Name: bt.Name, Bot: true, Online: now.Sub(bt.SeenAt) < botOnline,
		Since: formatTime(bt.Since), Playing: []string{}, Ratings: []api.RatedPlayer{}}
	games, err := b.s.cfg.Store.List(r.Context(), store.Filter{Status: "ongoing", Player: bt.Player, Limit: 20})
	if err != nil {
		return out, err
	}
	for _, g := range games {
		out.Playing = append(out.Playing, g.ID)
	}
	rs, err := b.s.cfg.Store.PlayerRatings(r.Context(), bt.Player)
	if err != nil {
		return out, err
	}
	for _, p := range rs {
		out.Ratings = append(out.Ratings, b.s.ratedPlayer(r, p))
	}
	return out, nil
}

// botOf is the bot behind a request: an API key of a bot account.
func (b *botAPI) botOf(r *http.Request) (string, error) {
	c, err := b.s.playerOf(r)
	if err != nil {
		return "", err
	}
	if !c.viaKey || !b.s.isBot(r.Context(), c.player) {
		return "", refuse(bots.ErrNotBot, "the bot API takes the API key of a bot account (docs/bots.md)")
	}
	return c.player, nil
}

// enter counts a stream of bot's of the given kind, refusing one past
// max; the returned func ends it.
func (b *botAPI) enter(bot, kind string, max int) (func(), error) {
	key := kind + "/" + bot
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.open[key] >= max {
		return nil, refuse(bots.ErrTooManyStreams, "too many streams open: at most %d of this kind; close one first", max)
	}
	b.open[key]++
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		if b.open[key]--; b.open[key] == 0 {
			delete(b.open, key)
		}
	}, nil
}

// takeover counts an event stream of bot, ended by cancel; past
// maxEventStreams the oldest one ends, so that a bot reconnecting while
// the server has not yet seen its last connection drop is never refused.
// The returned func forgets the stream.
func (b *botAPI) takeover(bot string, cancel context.CancelFunc) func() {
	me := &cancel
	b.mu.Lock()
	defer b.mu.Unlock()
	if list := b.events[bot]; len(list) >= maxEventStreams {
		(*list[0])()
		b.events[bot] = list[1:]
	}
	b.events[bot] = append(b.events[bot], me)
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		list := slices.DeleteFunc(b.events[bot], func(c *context.CancelFunc) bool { return c == me })
		if len(list) == 0 {
			delete(b.events, bot)
			return
		}
		b.events[bot] = list
	}
}

// cursor is where an event stream resumes: ?since=N or Last-Event-ID.
func cursor(r *http.Request) (int64, error) {
	v := r.URL.Query().Get("since")
	if v == "" {
		v = r.Header.Get("Last-Event-ID")
	}
	if v == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		return 0, refuse(ErrMalformed, "bad cursor %q: want the id of the last event seen", v)
	}
	return n, nil
}

// handleEvents serves a bot's event stream (NDJSON).
func (b *botAPI) handleEvents(w http.ResponseWriter, r *http.Request) {
	bot, err := b.botOf(r)
	var after int64
	if err == nil {
		after, err = cursor(r)
	}
	if err != nil {
		b.s.fail(w, r, err)
		return
	}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	r = r.WithContext(ctx)
	defer b.takeover(bot, cancel)()
	st := bots.Stream{Store: presence{b.store, b.s, b.s.refOf(ctx, bot).Name}, Clock: botClock{b.s.cfg.Clock}, Bot: bot, Poll: eventPoll, KeepAlive: botKeepAlive,
		Scan: func(ctx context.Context) ([]bots.Item, error) { return b.scan(ctx, bot) }}
	b.s.log.Info("bot event stream", "bot", bot, "since", after)
	b.stream(w, r, func(ctx context.Context, send func(*bots.Line) error) error { return st.Run(ctx, after, send) })
}

// handleGame serves a game's stream (NDJSON) to a bot.
func (b *botAPI) handleGame(w http.ResponseWriter, r *http.Request) {
	bot, err := b.botOf(r)
	var done func()
	if err == nil {
		done, err = b.enter(bot, "games", maxGameStreams)
	}
	if err == nil {
		_, err = b.snapshot(r.Context(), r.PathValue("id"))
		if err != nil {
			done()
		}
	}
	if err != nil {
		b.s.fail(w, r, err)
		return
	}
	defer done()
	id := r.PathValue("id")
	gs := bots.GameStream{Clock: botClock{b.s.cfg.Clock}, Poll: gamePoll, KeepAlive: botKeepAlive,
		Load: func(ctx context.Context) (bots.Snapshot, error) { return b.snapshot(ctx, id) }}
	b.stream(w, r, gs.Run)
}

// snapshot is a game's view now, through its room.
func (b *botAPI) snapshot(ctx context.Context, id string) (bots.Snapshot, error) {
	var raw []byte
	err := b.s.withHub(ctx, id, func(h *room.Room) error {
		raw = h.View()
		return nil
	})
	if err != nil {
		return bots.Snapshot{}, err
	}
	var v struct {
		Version int64  `json:"version"`
		Result  string `json:"result"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return bots.Snapshot{}, err
	}
	return bots.Snapshot{Version: v.Version, Over: v.Result != store.Ongoing, View: bytes.TrimSpace(raw)}, nil
}

// stream answers 200 with NDJSON lines run sends, flushing each, until
// run returns, the client goes or the server closes.
func (b *botAPI) stream(w http.ResponseWriter, r *http.Request, run func(context.Context, func(*bots.Line) error) error) {
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	stop := context.AfterFunc(b.s.ctx, cancel)
	defer stop()
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	rc.Flush() //nolint:errcheck // a client gone shows at the next write
	send := func(l *bots.Line) error {
		rc.SetWriteDeadline(time.Now().Add(time.Minute))
		line := []byte("\n")
		if l != nil {
			js, err := json.Marshal(l)
			if err != nil {
				return err
			}
			line = append(js, '\n')
		}
		if _, err := w.Write(line); err != nil {
			return err
		}
		return rc.Flush()
	}
	if err := run(ctx, send); err != nil && ctx.Err() == nil && !errors.Is(err, errClosing) {
		b.s.log.Warn("bot stream ended", "path", r.URL.Path, "err", err)
	}
}

// scan is what concerns a bot now: challenges to it, its games.
func (b *botAPI) scan(ctx context.Context, bot string) ([]bots.Item, error) {
	if b.s.closing.Load() {
		return nil, errClosing // draining: the bot reconnects to another server, or later
	}
	var items []bots.Item
	seeks, err := b.s.cfg.Store.OpenSeeks(ctx, b.s.cfg.Clock.Now())
	if err != nil {
		return nil, err
	}
	for _, k := range lobby.SeeksOf(seeks) {
		if k.Challenge() && k.To.ID == bot {
			js, _ := json.Marshal(b.s.seekJSON(k, k.To))
			items = append(items, bots.Item{Kind: bots.KindChallenge, Ref: k.ID, Body: js})
		}
	}
	for _, status := range []string{"ongoing", "finished"} {
		games, err := b.s.cfg.Store.List(ctx, store.Filter{Status: status, Player: bot, Limit: 50})
		if err != nil {
			return nil, err
		}
		for _, g := range games {
			items = append(items, b.gameItem(ctx, bot, g))
		}
	}
	return items, nil
}

// gameItem is a game of the bot as an event: started or finished.
func (b *botAPI) gameItem(ctx context.Context, bot string, g store.Summary) bots.Item {
	if g.Result != store.Ongoing {
		js, _ := json.Marshal(api.BotGameFinish{Game: g.ID, Result: g.Result, Reason: g.Reason})
		return bots.Item{Kind: bots.KindGameFinish, Ref: g.ID, Body: js}
	}
	seat := 0
	if g.Seats[1].Player == bot {
		seat = 1
	}
	st := api.BotGameStart{Game: g.ID, GameID: g.Game, Player: seat, Rated: g.Rated}
	if other := g.Seats[1-seat].Player; other != "" {
		ref := b.s.refOf(ctx, other)
		st.Opponent, st.OpponentBot = ref.Name, ref.Bot
	}
	js, _ := json.Marshal(st)
	return bots.Item{Kind: bots.KindGameStart, Ref: g.ID, Body: js}
}

// botClock is the server's clock with a real wait.
type botClock struct{ Clock }

// Wait implements bots.Clock.
func (c botClock) Wait(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// botGuard keeps bots to the bot API: a bot account's browser session
// may not play, and its key may not seek in the lobby, quick play,
// create games or accept anything but a challenge to it.
func (s *Server) botGuard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p, ok := players.FromContext(r.Context()); r.Method != http.MethodPost || !guarded(r.URL.Path) || (ok && p.Guest && !hasBearer(r)) {
			next.ServeHTTP(w, r)
			return
		}
		c, err := s.callerOf(r, "")
		if err != nil || c.player == "" || !s.isBot(r.Context(), c.player) {
			next.ServeHTTP(w, r)
			return
		}
		if err := s.botMay(r, c); err != nil {
			s.fail(w, r, err)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// hasBearer reports a key or token in the Authorization header.
func hasBearer(r *http.Request) bool { return r.Header.Get("Authorization") != "" }

// guarded names the paths a bot is kept from or limited on.
func guarded(path string) bool {
	return path == "/api/games" || strings.HasPrefix(path, "/api/games/") || strings.HasPrefix(path, "/api/lobby/") ||
		strings.HasPrefix(path, "/api/tournaments")
}

// botMay refuses what bot c may not do with r.
func (s *Server) botMay(r *http.Request, c caller) error {
	path := r.URL.Path
	no := refuse(bots.ErrHumanOnly, "a bot plays only with its API key, through the bot API: no lobby seeks, quick play, new games or hints")
	switch {
	case !c.viaKey, path == "/api/games", path == "/api/lobby/play", strings.HasSuffix(path, "/hint"):
		return no
	case strings.HasPrefix(path, "/api/tournaments"):
		// Tournaments are for people: bots have their own pools and
		// matches (docs/bots.md).
		return refuse(bots.ErrHumanOnly, "a bot does not create or enter tournaments for people")
	case path == "/api/lobby/seeks":
		return challengeOnly(r, no)
	case strings.HasPrefix(path, "/api/lobby/seeks/") && strings.HasSuffix(path, "/accept"):
		id := strings.TrimSuffix(strings.TrimPrefix(path, "/api/lobby/seeks/"), "/accept")
		rec, err := s.cfg.Store.OpenSeek(r.Context(), id, s.cfg.Clock.Now())
		if k := lobby.SeekOf(rec); err == nil && (!k.Challenge() || k.To.ID != c.player) {
			return no
		}
	}
	return nil
}

// challengeOnly lets a bot post a seek only when it is a challenge to
// someone (the body names `to`); the body is put back for the handler.
func challengeOnly(r *http.Request, no error) error {
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		return err
	}
	r.Body = io.NopCloser(bytes.NewReader(raw))
	var req struct {
		To string `json:"to"`
	}
	if json.Unmarshal(raw, &req) != nil || strings.TrimSpace(req.To) == "" {
		return no
	}
	return nil
}

// presence marks a bot with an event stream open as present in the
// lobby too, each time the stream marks it connected (every 20 s, under
// the lobby's 30 s lease): it is listed online, and the real-time
// challenges it sends live as a person's do while their lobby is open.
type presence struct {
	botStore
	s    *Server
	name string
}

// TouchBot implements bots.Store.
func (p presence) TouchBot(ctx context.Context, bot string, at time.Time) error {
	if err := p.botStore.TouchBot(ctx, bot, at); err != nil {
		return err
	}
	lease := p.s.cfg.Lobby.Lease
	if lease <= 0 {
		lease = 30 * time.Second
	}
	return p.s.cfg.Store.SetPresence(ctx, p.s.owner, []lobby.Player{{ID: bot, Name: p.name}}, at.Add(lease))
}
