package botapi

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"github.com/plateau-games/plateau/internal/bots"
	"slices"
	"strconv"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/store"
)

// Run is a stream: it sends lines until it ends, ctx ends or send fails
// (nil sends an empty line, to keep the connection alive).
type Run = func(ctx context.Context, send func(*bots.Line) error) error

// Cursor is where an event stream resumes: since (?since=N), else
// lastEventID (Last-Event-ID); 0 when neither is given.
func Cursor(since, lastEventID string) (int64, error) {
	v := cmp.Or(since, lastEventID)
	if v == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		return 0, room.Refuse(room.ErrMalformed, "bad cursor %q: want the id of the last event seen", v)
	}
	return n, nil
}

// Events returns bot's event stream resumed after cursor; cancel ends
// it when a newer stream of the bot takes over, and done forgets it.
func (s *Service) Events(ctx context.Context, bot string, after int64, cancel context.CancelFunc) (run Run, done func()) {
	done = s.takeover(bot, cancel)
	s.cfg.Log.Info("bot event stream", "bot", bot, "since", after)
	st := bots.Stream{Store: presence{s.cfg.Store, s, s.cfg.Names(ctx, bot).Name}, Clock: waitClock{s.cfg.Clock}, Bot: bot,
		Poll: eventPoll, KeepAlive: botKeepAlive,
		Scan: func(ctx context.Context) ([]bots.Item, error) { return s.scan(ctx, bot) }}
	return func(ctx context.Context, send func(*bots.Line) error) error { return st.Run(ctx, after, send) }, done
}

// Game returns the stream of game id to bot; done ends it. The game
// must exist: its error otherwise.
func (s *Service) Game(ctx context.Context, bot, id string) (run Run, done func(), err error) {
	done, err = s.enter(bot, "games", maxGameStreams)
	if err != nil {
		return nil, nil, err
	}
	if _, err := s.snapshot(ctx, id); err != nil {
		done()
		return nil, nil, err
	}
	gs := bots.GameStream{Clock: waitClock{s.cfg.Clock}, Poll: gamePoll, KeepAlive: botKeepAlive,
		Load: func(ctx context.Context) (bots.Snapshot, error) { return s.snapshot(ctx, id) }}
	return gs.Run, done, nil
}

// enter counts a stream of bot's of the given kind, refusing one past
// max; the returned func ends it.
func (s *Service) enter(bot, kind string, max int) (func(), error) {
	key := kind + "/" + bot
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.open[key] >= max {
		return nil, room.Refuse(bots.ErrTooManyStreams, "too many streams open: at most %d of this kind; close one first", max)
	}
	s.open[key]++
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.open[key]--; s.open[key] == 0 {
			delete(s.open, key)
		}
	}, nil
}

// takeover counts an event stream of bot, ended by cancel; past
// maxEventStreams the oldest one ends, so that a bot reconnecting while
// the server has not yet seen its last connection drop is never refused.
// The returned func forgets the stream.
func (s *Service) takeover(bot string, cancel context.CancelFunc) func() {
	me := &cancel
	s.mu.Lock()
	defer s.mu.Unlock()
	if list := s.events[bot]; len(list) >= maxEventStreams {
		(*list[0])()
		s.events[bot] = list[1:]
	}
	s.events[bot] = append(s.events[bot], me)
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		list := slices.DeleteFunc(s.events[bot], func(c *context.CancelFunc) bool { return c == me })
		if len(list) == 0 {
			delete(s.events, bot)
			return
		}
		s.events[bot] = list
	}
}

// snapshot is a game's view now, through its room.
func (s *Service) snapshot(ctx context.Context, id string) (bots.Snapshot, error) {
	raw, err := s.cfg.View(ctx, id)
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

// scan is what concerns a bot now: challenges to it, its games.
func (s *Service) scan(ctx context.Context, bot string) ([]bots.Item, error) {
	if s.cfg.Closing() {
		return nil, room.ErrShuttingDown // draining: the bot reconnects to another server, or later
	}
	var items []bots.Item
	seeks, err := s.cfg.Store.OpenSeeks(ctx, s.cfg.Clock.Now())
	if err != nil {
		return nil, err
	}
	for _, k := range lobby.SeeksOf(seeks) {
		if k.Challenge() && k.To.ID == bot {
			js, _ := json.Marshal(s.cfg.Seek(k))
			items = append(items, bots.Item{Kind: bots.KindChallenge, Ref: k.ID, Body: js})
		}
	}
	for _, status := range []string{"ongoing", "finished"} {
		games, err := s.cfg.Store.List(ctx, store.Filter{Status: status, Player: bot, Limit: 50})
		if err != nil {
			return nil, err
		}
		for _, g := range games {
			items = append(items, s.gameItem(ctx, bot, g))
		}
	}
	return items, nil
}

// gameItem is a game of the bot as an event: started or finished.
func (s *Service) gameItem(ctx context.Context, bot string, g store.Summary) bots.Item {
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
		ref := s.cfg.Names(ctx, other)
		st.Opponent, st.OpponentBot = ref.Name, ref.Bot
	}
	js, _ := json.Marshal(st)
	return bots.Item{Kind: bots.KindGameStart, Ref: g.ID, Body: js}
}

// waitClock is the service's clock with a real wait.
type waitClock struct{ clock interface{ Now() time.Time } }

// Now implements Clock.
func (c waitClock) Now() time.Time { return c.clock.Now() }

// Wait implements Clock.
func (c waitClock) Wait(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// presence marks a bot with an event stream open as present in the
// lobby too, each time the stream marks it connected (every 20 s, under
// the lobby's 30 s lease): it is listed online, and the real-time
// challenges it sends live as a person's do while their lobby is open.
type presence struct {
	Store
	s    *Service
	name string
}

// TouchBot implements Store.
func (p presence) TouchBot(ctx context.Context, bot string, at time.Time) error {
	if err := p.Store.TouchBot(ctx, bot, at); err != nil {
		return err
	}
	return p.s.cfg.Store.SetPresence(ctx, p.s.cfg.Owner, []lobby.Player{{ID: bot, Name: p.name}}, at.Add(p.s.cfg.Lease))
}
