package desk

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/store"
)

// The desk's own refusals, checked with errors.Is; the server tells the
// client the sentence after the prefix.
var (
	// ErrEngineLocked refuses the engine for a running game of the
	// player's own that is rated, timed or part of a tournament.
	ErrEngineLocked = errors.New("desk: the engine is not available for a rated, timed or tournament game you are playing while it runs")
	// ErrPlaybanned refuses a rated game to a player held back after
	// games abandoned or left to time out.
	ErrPlaybanned = errors.New("desk: playbanned")
	// ErrNotAccount refuses closing what is not an account.
	ErrNotAccount = errors.New("desk: only an account can be closed")
	// ErrBadLine refuses a report naming a chat line of another game.
	ErrBadLine = errors.New("desk: a chat line named is not in this game")
)

// Store is the slice of the store the desk reads and writes: the
// moderation tables, and the games, chats and players they are about.
type Store interface {
	moderation.BlockStore
	moderation.ReportStore
	moderation.ModStore
	moderation.PlayerFinder
	moderation.AddressStore
	EntriesBy(ctx context.Context, moderator string, limit int) ([]moderation.Entry, error)
	BlockedWith(ctx context.Context, player string) (map[string]bool, error)
	Load(ctx context.Context, id string) (store.Game, error)
	ChatLines(ctx context.Context, gameID string, channels []string, limit int) ([]store.ChatLine, error)
	LoadPlayer(ctx context.Context, id string) (store.Player, error)
	RenamePlayer(ctx context.Context, id, name string, at time.Time) error
	DeleteAccount(ctx context.Context, id, name string, at time.Time) error
}

// GameLister lists games: a player's, for the engine locks and the
// moderators' pages.
type GameLister interface {
	List(ctx context.Context, f store.Filter) ([]store.Summary, error)
}

// TournamentGames is what a store that runs tournaments may implement:
// a tournament's games lock the engine like rated ones.
type TournamentGames interface {
	InTournament(ctx context.Context, gameID string) (bool, error)
}

// Desk takes the moderation requests. Store is nil on a store without
// the moderation tables: then blocks, reports and chat bans hold
// nothing, and only the engine locks and playbans (FairPlay) apply.
type Desk struct {
	Store       Store
	Games       GameLister
	FairPlay    store.FairPlay  // nil: no playbans, no engine marks
	Tournaments TournamentGames // nil: no tournament locks
	Clock       moderation.Clock
	// Now is the time renames and closures are written at (the
	// server's Config.Now).
	Now func() time.Time
	Log *slog.Logger
	// Find finds a player by id, username or display name
	// (players.ErrNotFound); Ref is a player as the API shows them.
	Find func(ctx context.Context, ref string) (api.PlayerRef, time.Time, error)
	Ref  func(ctx context.Context, id string) api.PlayerRef
	// Names and Summary show a player's games as the API's lists do.
	Names   func(ctx context.Context, sums []store.Summary) map[string]*api.PlayerRef
	Summary func(sm store.Summary, names map[string]*api.PlayerRef) api.Summary
	// With runs fn on game id's room, under its lock.
	With func(ctx context.Context, id string, fn func(h *room.Room) error) error
	// Changed tells the lobby that blocks changed (lobby.Loop.Poke).
	Changed func()
	// ChatLines is how far back a report's evidence reads a chat.
	ChatLines int
}

// blocks is the players' blocks, nil without the moderation tables.
func (d *Desk) blocks() *moderation.Blocks {
	if d.Store == nil {
		return nil
	}
	return &moderation.Blocks{Store: d.Store, Players: d.Store, Clock: d.Clock}
}

// mod is the moderators' service.
func (d *Desk) mod() *moderation.Mod {
	return &moderation.Mod{Store: d.Store, Reports: d.Store, Clock: d.Clock}
}

// named finds the player a request names by id, username or display
// name: "" names nobody (moderation.ErrNoPlayer).
func (d *Desk) named(ctx context.Context, ref string) (string, error) {
	ref = strings.TrimSpace(ref)
	if ref == "" || len(ref) > 200 {
		return "", moderation.ErrNoPlayer
	}
	p, _, err := d.Find(ctx, ref)
	if errors.Is(err, players.ErrNotFound) {
		return "", fmt.Errorf("%w: no such player: %q", moderation.ErrNoPlayer, ref)
	}
	return p.ID, err
}
