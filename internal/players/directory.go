package players

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/store"
)

// DirectoryStore is the slice of the store naming players uses.
type DirectoryStore interface {
	LoadPlayer(ctx context.Context, id string) (store.Player, error)
	FindPlayer(ctx context.Context, ref string) (string, error)
}

// Directory names players in the API's documents: their display name,
// and whether they are a guest or a bot.
type Directory struct {
	Store DirectoryStore
	// IsBot reports a bot account (bots are another service's: this one
	// only asks).
	IsBot func(ctx context.Context, id string) bool
	Log   *slog.Logger
}

// Ref names player id: the requester from the context (no look-up),
// anyone else from the store. A player the store cannot find keeps only
// their id: a name missing is no reason to refuse a whole document.
func (d Directory) Ref(ctx context.Context, id string) api.PlayerRef {
	if p, ok := FromContext(ctx); ok && p.ID == id {
		return api.PlayerRef{ID: id, Name: p.Name, Guest: p.Guest, Bot: d.IsBot(ctx, id)}
	}
	p, err := d.Store.LoadPlayer(ctx, id)
	if err != nil {
		if !errors.Is(err, store.ErrNoPlayer) {
			d.Log.Warn("naming a player", "player", id, "err", err)
		}
		return api.PlayerRef{ID: id}
	}
	return api.PlayerRef{ID: id, Name: p.Name, Guest: p.Kind == store.PlayerGuest, Bot: d.IsBot(ctx, id)}
}

// Find finds a player by id, username or display name, with the time
// they joined; store.ErrNoPlayer when nobody matches.
func (d Directory) Find(ctx context.Context, ref string) (api.PlayerRef, time.Time, error) {
	id, err := d.Store.FindPlayer(ctx, ref)
	if err == nil {
		var p store.Player
		if p, err = d.Store.LoadPlayer(ctx, id); err == nil {
			return api.PlayerRef{ID: id, Name: p.Name, Guest: p.Kind == store.PlayerGuest, Bot: d.IsBot(ctx, id)}, p.JoinedAt, nil
		}
	}
	return api.PlayerRef{}, time.Time{}, err
}
