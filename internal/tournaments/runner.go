package tournaments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/plateau-games/plateau/game"
	"log/slog"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// Store is what the runner needs of the database: leased events, steps
// written by compare-and-set, pairings, and the games table's view of
// the tournament's games. The store's SQL types implement it.
type Store interface {
	ClaimTournaments(ctx context.Context, owner string, now time.Time, lease time.Duration, n int) ([]store.Tournament, error)
	ReleaseTournament(ctx context.Context, id, owner string, due time.Time) error
	AdvanceTournament(ctx context.Context, a store.TourAdvance) error
	CreateTournament(ctx context.Context, t store.Tournament) error
	TournamentPlayers(ctx context.Context, tid string) ([]store.TourPlayer, error)
	TournamentPairings(ctx context.Context, tid string) ([]store.TourPairing, error)
	MarkTourGameCreated(ctx context.Context, p store.TourPairing) error
	TournamentGames(ctx context.Context, tid string) ([]store.TourGameEnd, error)
	RecordTourResult(ctx context.Context, p store.TourPairing) (bool, error)
	JoinNextSeason(ctx context.Context, p store.TourPlayer) error
}

// NewGame is a tournament game to create: First sits in seat 0.
type NewGame struct {
	ID, Game, TimeControl string
	TournamentID          string
	First, Second         string // player ids
	Rated                 bool
}

// GameMaker creates games; the server implements it, so this package
// never imports the server. Creating an id that exists already must
// succeed without creating anything: a runner killed after creating a
// game but before marking it created creates it again.
type GameMaker interface {
	CreateTournamentGame(ctx context.Context, g NewGame) error
}

// Notice is news for a player: a round started, a game is ready, the
// event is over.
type Notice struct {
	Kind         string // NoticeRound, NoticeGame, NoticeOver
	TournamentID string
	Round        int
	Player       string
	GameID       string
}

// Notice kinds.
const (
	NoticeRound = "tournament-round"
	NoticeGame  = "tournament-game"
	NoticeOver  = "tournament-over"
)

// Notifier sends notices; it must store each notice once however often
// it is told (the notify outbox keys notes by event).
type Notifier interface {
	TournamentNotices(ctx context.Context, ns []Notice) error
}

// GameEnder ends a tournament game at its round's hard deadline, a loss
// for the player to act, and returns the game's result ("first",
// "second", "draw") and reason as stored, the deadline's or the end the
// game had already; the server implements it with the game's room.
type GameEnder interface {
	EndAtDeadline(ctx context.Context, gameID string) (result, reason string, err error)
}

// BlockLister finds the blocks among players: each pair once, the
// blocker first.
type BlockLister interface {
	BlocksAmong(ctx context.Context, players []string) ([][2]string, error)
}

// Clock tells the time; tests fake it.
type Clock interface{ Now() time.Time }

// Runner runs events: each Tick leases the events that are due and
// takes each one step on. Any number of runners may share a database.
type Runner struct {
	Store Store
	Games GameMaker
	// Registry knows the games and their lab data, which decides the
	// colour-swapped pairs (nil: one game per pairing).
	Registry *game.Registry
	Notes    Notifier    // nil: no notices
	Blocks   BlockLister // nil: nobody avoids anybody
	Ender    GameEnder   // nil: a game past its round's deadline is scored, not ended
	Clock    Clock
	Owner    string // this server's name, for leases
	Lease    time.Duration
	Poll     time.Duration // how soon a running event is looked at again
	Log      *slog.Logger
	Batch    int
}

// Config is the part of an event's settings stored with it.
type Config struct {
	Settings
	TimeControl string        // the games' time control, as the server reads it
	Every       time.Duration // a recurring series: the next edition starts this much later
}

// EncodeConfig returns the stored form of c.
func EncodeConfig(c Config) string {
	b, _ := json.Marshal(c) // plain fields: cannot fail
	return string(b)
}

// DecodeConfig reads the stored form.
func DecodeConfig(s string) (Config, error) {
	var c Config
	if err := json.Unmarshal([]byte(s), &c); err != nil {
		return c, fmt.Errorf("tournaments: bad stored settings: %w", err)
	}
	return c, nil
}

// Tick runs one step of every due event this runner can lease.
func (r *Runner) Tick(ctx context.Context) error {
	now := r.Clock.Now()
	ts, err := r.Store.ClaimTournaments(ctx, r.Owner, now, r.Lease, max(1, r.Batch))
	if err != nil {
		return err
	}
	var errs []error
	for _, t := range ts {
		due, err := r.step(ctx, t, now)
		if err != nil && !errors.Is(err, store.ErrConflict) {
			errs = append(errs, fmt.Errorf("tournaments: %s: %w", t.ID, err))
		}
		if errors.Is(err, store.ErrConflict) || due.IsZero() {
			due = now
		}
		if err := r.Store.ReleaseTournament(ctx, t.ID, r.Owner, due); err != nil && !errors.Is(err, store.ErrLeaseLost) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Run ticks every Poll until ctx ends.
func (r *Runner) Run(ctx context.Context) {
	t := time.NewTicker(r.Poll)
	defer t.Stop()
	for {
		if err := r.Tick(ctx); err != nil && r.Log != nil {
			r.Log.Warn("tournaments: tick", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
