package bots

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Errors of becoming a bot and of the bot API.
var (
	// ErrNotAccount: only an account (a player with a username) may
	// become a bot, not a guest.
	ErrNotAccount = errors.New("bots: only an account can become a bot")
	// ErrRatedGames: an account that played rated games with people
	// keeps its rating among people.
	ErrRatedGames = errors.New("bots: an account with rated games against people cannot become a bot")
	// ErrAlreadyBot: the account is a bot already.
	ErrAlreadyBot = errors.New("bots: the account is a bot already")
	// ErrNotBot: the bot API serves bot accounts only.
	ErrNotBot = errors.New("bots: this is not a bot account")
	// ErrHumanOnly: what a bot may not do (post a lobby seek, quick
	// play, play from a browser).
	ErrHumanOnly = errors.New("bots: a bot plays only through the bot API")
	// ErrTooManyStreams: a bot opened more streams than it may.
	ErrTooManyStreams = errors.New("bots: too many streams open")
)

// Event kinds.
const (
	KindChallenge  = "challenge"  // a challenge to the bot (Ref: the seek)
	KindGameStart  = "gameStart"  // a game of the bot began (Ref: the game)
	KindGameFinish = "gameFinish" // a game of the bot ended (Ref: the game)
)

// PoolPrefix starts the name of every bots' rating pool: a rated game
// with a bot in it counts in "bot:" + the game's pool, never in the
// people's.
const PoolPrefix = "bot:"

// Pool is the bots' rating pool of a game's pool.
func Pool(group string) string { return PoolPrefix + group }

// Item is one thing the server sees that concerns a bot now: a
// challenge to it, a game of it, ongoing or over. Body is the event's
// document (JSON), Kind and Ref name it.
type Item struct {
	Kind string
	Ref  string
	Body json.RawMessage
}

// Event is an Item written in the bot's stream under Seq, which grows.
type Event struct {
	Seq  int64
	Bot  string
	Kind string
	Ref  string
	Body json.RawMessage
	At   time.Time
}

// Line is an event as the stream sends it: one JSON object a line.
type Line struct {
	Type string          `json:"type"`
	ID   int64           `json:"id"`
	Data json.RawMessage `json:"data"`
}

// Store keeps the bots and their events; each event is written once per
// bot, kind and ref, whichever server writes it first.
type Store interface {
	// AddBotEvent writes e unless an event of its bot, kind and ref exists.
	AddBotEvent(ctx context.Context, e Event) error
	// BotEvents returns the bot's events numbered after after, oldest
	// first, at most limit.
	BotEvents(ctx context.Context, bot string, after int64, limit int) ([]Event, error)
	// TouchBot records that the bot is connected at at.
	TouchBot(ctx context.Context, bot string, at time.Time) error
}

// Clock tells the time and waits; tests drive it.
type Clock interface {
	Now() time.Time
	// Wait returns after d, or ctx's error when ctx ends first.
	Wait(ctx context.Context, d time.Duration) error
}

// Stream is one bot's event stream.
type Stream struct {
	Store Store
	Clock Clock
	Bot   string
	// Scan returns what concerns the bot now.
	Scan func(ctx context.Context) ([]Item, error)
	// Poll is the wait between two scans; KeepAlive the longest silence,
	// after which Send is called with nil (an empty line: the client
	// knows the connection lives).
	Poll, KeepAlive time.Duration
}

// batch is how many events one read returns at most.
const batch = 100

// touchEvery is how often a stream marks its bot connected.
const touchEvery = 20 * time.Second

// Run sends the bot's events after cursor through send, then every new
// one, until ctx ends or send fails.
func (s Stream) Run(ctx context.Context, cursor int64, send func(*Line) error) error {
	quiet := s.Clock.Now()
	r := recorder{Stream: s, seen: map[string]bool{}}
	for {
		if err := r.record(ctx); err != nil {
			return err
		}
		evs, err := s.Store.BotEvents(ctx, s.Bot, cursor, batch)
		if err != nil {
			return err
		}
		for _, e := range evs {
			if err := send(&Line{Type: e.Kind, ID: e.Seq, Data: e.Body}); err != nil {
				return err
			}
			cursor, quiet = e.Seq, s.Clock.Now()
		}
		if len(evs) == batch {
			continue
		}
		if s.Clock.Now().Sub(quiet) >= s.KeepAlive {
			if err := send(nil); err != nil {
				return err
			}
			quiet = s.Clock.Now()
		}
		if err := s.Clock.Wait(ctx, s.Poll); err != nil {
			return err
		}
	}
}

// recorder writes a stream's events: each thing once per stream (the
// database keeps it once per bot across streams and servers).
type recorder struct {
	Stream
	seen    map[string]bool
	touched time.Time
}

// record writes what the bot's scan shows as events, once each.
func (r *recorder) record(ctx context.Context) error {
	now := r.Clock.Now()
	if r.touched.IsZero() || now.Sub(r.touched) >= touchEvery {
		if err := r.Store.TouchBot(ctx, r.Bot, now); err != nil {
			return err
		}
		r.touched = now
	}
	items, err := r.Scan(ctx)
	if err != nil {
		return err
	}
	for _, it := range items {
		key := it.Kind + "/" + it.Ref
		if r.seen[key] {
			continue
		}
		e := Event{Bot: r.Bot, Kind: it.Kind, Ref: it.Ref, Body: it.Body, At: now}
		if err := r.Store.AddBotEvent(ctx, e); err != nil {
			return fmt.Errorf("bots: event %s %s: %w", it.Kind, it.Ref, err)
		}
		r.seen[key] = true
	}
	return nil
}
