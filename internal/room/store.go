package room

import (
	"context"
	"log/slog"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/store"
)

// Store is the slice of the store the rooms use: a game's record and its
// compare-and-set update, the clocks' deadlines, expiry, and the presence
// leases of seats and spectators. store.Store implements it.
type Store interface {
	Load(ctx context.Context, id string) (store.Game, error)
	Create(ctx context.Context, g store.Game) error
	Update(ctx context.Context, u store.Update) error
	DueClocks(ctx context.Context, now time.Time, limit int) ([]string, error)
	NextDeadline(ctx context.Context) (time.Time, error)
	Expire(ctx context.Context, cutoff time.Time) ([]string, error)
	SeatsPresent(ctx context.Context, owner string, ids []string, now time.Time) ([]store.PresentSeat, error)
	SetSeatsPresent(ctx context.Context, owner string, seats []store.PresentSeat, until time.Time) error
	SetWatchers(ctx context.Context, owner string, counts map[string]int, until time.Time) error
}

// Events is how the rooms tell the rest of the server what happened;
// its methods are called with a room's lock held, so they must return
// at once (start a goroutine for anything slow).
type Events interface {
	// TurnNotes returns the notes owed for a turn that a change is about
	// to give a human who is not watching: the change writes them in its
	// own transaction, so that no crash after the commit loses them.
	TurnNotes(ctx context.Context, t Turn) []store.Note
	// TurnNoted says a committed change wrote notes: the notifier should
	// look.
	TurnNoted()
	// AIOwed says an AI move is owed: the AI queue should look.
	AIOwed()
	// PresenceChanged says a seat's first socket came or its last left:
	// the presence leases should be written soon.
	PresenceChanged()
	// Moved counts a change: by is "human" or "ai" for a move, "" for
	// any other change; plies is the moves it appended.
	Moved(by string, plies int)
	// SeatNames names the players of a game's seats, for its view.
	SeatNames(ctx context.Context, seats [2]store.Seat) [2]*api.PlayerRef
}

// Clock tells the time of the games' clocks, which servers sharing a
// database compare.
type Clock interface{ Now() time.Time }

// Config is what a Hub is built from; Store, Registry, Clock and Events
// are required.
type Config struct {
	Store    Store
	Registry *game.Registry
	Clock    Clock
	Events   Events
	Log      *slog.Logger
	// Owner names this process on the presence leases it writes.
	Owner string
	// IdleEvict is how long a game nobody watches stays in memory.
	IdleEvict time.Duration
	// ExpireAfter is the age at which a game no human has moved in is
	// deleted (negative: never).
	ExpireAfter time.Duration
	// Now is the clock of expiry.
	Now func() time.Time
	// Plans keeps the conditional moves of correspondence games
	// (plans.go); nil: none are kept.
	Plans Plans
}
