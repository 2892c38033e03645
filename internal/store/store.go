package store

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
)

// Sentinel errors, checked with errors.Is.
var (
	// ErrNotFound means no game has the id.
	ErrNotFound = errors.New("store: game not found")
	// ErrConflict means the game changed since the version the writer
	// read: the writer must reload and decide again.
	ErrConflict = errors.New("store: game changed concurrently")
	// ErrLeaseLost means an AI job is no longer the caller's: its lease
	// expired and another server took it, or the game moved on.
	ErrLeaseLost = errors.New("store: AI job lease lost")
)

// Seat kinds.
const (
	Human = "human"
	AI    = "ai"
)

// Results, the spec's words.
const (
	Ongoing = "ongoing"
)

// NoOffer is the DrawOffer of a game where no draw offer stands.
const NoOffer = -1

// Seat is one player's chair: a human with a token (kept as its SHA-256
// hash) or an AI with a level. Player is the id of the player who sits
// in a human seat, "" while nobody does (an invite not yet accepted, a
// game from before players). A token, when the seat has one, acts for
// the seat whoever sits there: programs hold them.
type Seat struct {
	Kind      string
	Level     int
	TokenHash []byte
	Player    string
}

// Move is one accepted move, in canonical text, with the player who
// made it (not always alternating: in Abraxas the player to act varies).
type Move struct {
	Text   string
	Player int
}

// Game is a stored game with its moves. Moves[i] is ply i.
type Game struct {
	ID        string
	Game      string // canonical game id with options
	Start     string // position string the game started from
	Seats     [2]Seat
	Result    string // "ongoing", "first", "second" or "draw"
	Reason    string
	DrawOffer int // NoOffer, or the player whose offer stands
	Version   int64
	CreatedAt time.Time
	UpdatedAt time.Time
	Moves     []Move

	// TakeBackBy is NoOffer, or the player whose take-back request stands.
	TakeBackBy int
	// Declined is the offer the last change declined ("draw", "takeback"
	// or "" for none), and DeclinedBy the player who declined it: news
	// for one version, which the next change forgets.
	Declined   string
	DeclinedBy int
	// Hints counts the hints the players asked for: a game where hints
	// were used is marked as such.
	Hints int
	// Rated says the game counts for its players' ratings (package
	// internal/ratings), as chosen when it was created. Only a game
	// between two human seats, ended after both moved, is ever rated
	// (Ratings.ApplyRating checks it in the database).
	Rated bool
	// AIToAct, for Create only, says an AI seat acts first: the game is
	// created with its AI job (see Jobs).
	AIToAct bool
	// Clock is a timed game's clock (see Clocks); zero for untimed.
	Clock Clock
	// Private games are left out of the public lists: they are watched
	// by link only.
	Private bool
	// ToAct is the player to act, or -1 when not known (a game stored
	// before it was kept, until its next change).
	ToAct int
}

// Update changes a game that is at Version: it keeps the first Keep
// moves, appends Append, sets the result fields, and stores Version+1.
// Keep must be the stored number of moves unless TakeBack is set, in
// which case it may be lower (an undo).
type Update struct {
	ID        string
	Version   int64
	Keep      int
	TakeBack  bool
	Append    []Move
	Result    string
	Reason    string
	DrawOffer int
	At        time.Time

	// TakeBackBy, Declined and DeclinedBy are as in Game.
	TakeBackBy int
	Declined   string
	DeclinedBy int
	// Hint adds one to the game's Hints. It is an increment rather than
	// a value so that no other change (a take-back, an AI move) can
	// forget a hint given.
	Hint bool
	// AIToAct says an AI seat is to act once u is applied. The same
	// transaction then replaces the game's AI job with one for the new
	// version (due at At), or deletes it: "the AI owes a move" is a fact
	// of the database, written with the change that causes it.
	AIToAct bool
	// ToAct is the player to act once u is applied.
	ToAct int
	// Seats changes who sits in seats and their tokens, with the
	// game's version check: of two players claiming one seat at once,
	// on any servers, one writes and the other gets ErrConflict.
	Seats []SeatChange
	// Clock, when not nil, is the timed game's clock once u is applied,
	// written in the same transaction (see Clocks).
	Clock *Clock
	// Rating, when set on the update that ends a rated game, applies the
	// game's rating update in the same transaction (Ratings.ApplyRating):
	// a game's end and its ratings are committed together, once. A game
	// that may not be rated is ended all the same, its ratings untouched.
	Rating *RatingGame
	// Notes are notifications the change owes (a "your turn"), written
	// in the same transaction (Notes.AddNotes): a crash after the commit
	// cannot lose them.
	Notes []Note
}

// SeatChange sets seat Seat's player and token hash (nil: no token).
type SeatChange struct {
	Seat      int
	Player    string
	TokenHash []byte
}

// hintsAdded is what u adds to the game's Hints.
func (u Update) hintsAdded() int {
	if u.Hint {
		return 1
	}
	return 0
}

// Summary is a game without its moves and tokens, for listings.
type Summary struct {
	ID        string
	Game      string
	Result    string
	Reason    string
	Plies     int
	Seats     [2]Seat // TokenHash is nil
	Private   bool
	ToAct     int // as in Game
	Hints     int
	Rated     bool
	Version   int64
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Filter selects games for List and Records: Status is "ongoing",
// "finished" or "recent" (all); newest update first; at most Limit,
// starting after After (the zero Cursor: from the newest).
type Filter struct {
	Status string
	Limit  int
	After  Cursor
	// Public leaves the private games out.
	Public bool
	// Player, when set, keeps only the games where that player sits.
	Player string
}

// Cursor is a place in the order of Filter, the last game of a page:
// the next page starts after it.
type Cursor struct {
	UpdatedAt time.Time
	ID        string
}

// Store keeps games. Its methods are safe for concurrent use.
type Store interface {
	// Create stores a new game; its Moves must be empty.
	Create(ctx context.Context, g Game) error
	// Load returns a game with its moves, or ErrNotFound.
	Load(ctx context.Context, id string) (Game, error)
	// Update applies u if the game is still at u.Version, or returns
	// ErrConflict (ErrNotFound without a game). It returns after commit.
	Update(ctx context.Context, u Update) error
	// List returns summaries of the games f selects.
	List(ctx context.Context, f Filter) ([]Summary, error)
	// Records returns the games f selects, moves included.
	Records(ctx context.Context, f Filter) ([]Game, error)
	// Expire deletes the games abandoned before cutoff: ongoing, with a
	// human seat that has never moved, unchanged since before cutoff, and
	// untimed (a timed game ends by itself: see Clocks). It returns their ids (at most a batch per call: call again until none).
	Expire(ctx context.Context, cutoff time.Time) ([]string, error)
	Jobs
	Clocks
	Chats
	Lobby
	SeatPresence
	Seating
	Ratings
	Puzzles
	Players
	Notes
	PlayerSettings
	Follows
	Plans
	// Ping checks that the database answers.
	Ping(ctx context.Context) error
	// Probe checks that the database answers and accepts a write.
	Probe(ctx context.Context) error
	// Close waits for pending writes and releases the database.
	Close() error
}

// Change is a committed change of a game, as the other processes hear of
// it: the game is now at Version, and AIToAct says it owes an AI move.
type Change struct {
	ID      string
	Version int64
	AIToAct bool
	// Chat, when not 0, is the id of a chat line added to the game
	// (Chats.AddChat): the game itself did not change.
	Chat int64
}

// Listener is implemented by stores that several server processes can
// share: Listen calls fn with every game changed by any process (the
// caller's own changes included) until ctx ends. A zero Change means
// "now listening, and earlier changes may have been missed": it comes
// first, and again after every reconnection.
type Listener interface {
	Listen(ctx context.Context, fn func(Change)) error
}

// Open opens the store a DSN names: "postgres://..." or
// "postgresql://..." is PostgreSQL, anything else a SQLite file path. It
// applies the pending migrations.
func Open(ctx context.Context, dsn string, log *slog.Logger) (Store, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		return OpenPostgres(ctx, dsn, log)
	}
	if dsn == "" {
		return nil, fmt.Errorf("store: empty database name")
	}
	return OpenSQLite(ctx, dsn, log)
}

// where returns the WHERE clause of f (or "") and its arguments.
func (f Filter) where() (string, []any, error) {
	var conds []string
	var args []any
	switch f.Status {
	case "ongoing":
		conds = append(conds, "result = 'ongoing'")
	case "finished":
		conds = append(conds, "result <> 'ongoing'")
	case "recent", "":
	default:
		return "", nil, fmt.Errorf("store: bad status %q (want ongoing, finished or recent)", f.Status)
	}
	if f.Public {
		conds = append(conds, "private = 0")
	}
	if f.Player != "" {
		conds = append(conds, "(seat0_player = ? OR seat1_player = ?)")
		args = append(args, f.Player, f.Player)
	}
	if f.After.ID != "" {
		at := millis(f.After.UpdatedAt)
		conds = append(conds, "(updated_at < ? OR (updated_at = ? AND id > ?))")
		args = append(args, at, at, f.After.ID)
	}
	if len(conds) == 0 {
		return "", nil, nil
	}
	return "WHERE " + strings.Join(conds, " AND "), args, nil
}
