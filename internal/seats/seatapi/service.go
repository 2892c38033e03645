package seatapi

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/seats"
	"github.com/plateau-games/plateau/internal/store"
)

// Store is what the seats' service needs of the store: API keys, a
// player's games and results.
type Store interface {
	Keys(ctx context.Context, player string) ([]store.APIKey, error)
	CreateKey(ctx context.Context, k store.APIKey) error
	RevokeKey(ctx context.Context, player, id string) error
	KeyByHash(ctx context.Context, hash []byte) (store.APIKey, error)
	List(ctx context.Context, f store.Filter) ([]store.Summary, error)
	Results(ctx context.Context, player string) ([]store.ResultCount, error)
}

// Config is what a Service is built from: the store, and what the
// server knows that the seats' answers show.
type Config struct {
	Store Store
	Now   func() time.Time
	Log   *slog.Logger
	// With runs fn with game id's room loaded and locked.
	With func(ctx context.Context, id string, fn func(h *room.Room) error) error
	// Name names a player as the API does.
	Name func(ctx context.Context, id string) api.PlayerRef
	// Summary shows a listed game; Title names a game id.
	Summary func(sm store.Summary, names map[string]*api.PlayerRef) api.Summary
	Title   func(id string) string
	// PublicURL, when known, makes invite links absolute too.
	PublicURL *url.URL
}

// Service answers who sits where: claims, invites, a player's games and
// results, their API keys.
type Service struct{ cfg Config }

// New returns the seats' service over cfg.
func New(cfg Config) *Service {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	return &Service{cfg: cfg}
}

// KeyPlayer is the player whose API key token is: ErrForbidden when
// the key is unknown or revoked.
func (s *Service) KeyPlayer(ctx context.Context, token string) (string, error) {
	k, err := s.cfg.Store.KeyByHash(ctx, seats.Hash(token))
	if errors.Is(err, store.ErrNoKey) {
		return "", room.Refuse(room.ErrForbidden, "unknown or revoked API key")
	}
	return k.Player, err
}

// Keys lists player's API keys.
func (s *Service) Keys(ctx context.Context, player string) (api.Keys, error) {
	keys, err := s.cfg.Store.Keys(ctx, player)
	if err != nil {
		return api.Keys{}, err
	}
	out := api.Keys{Keys: []api.Key{}}
	for _, k := range keys {
		out.Keys = append(out.Keys, api.Key{ID: k.ID, Label: k.Label, CreatedAt: room.FormatTime(k.CreatedAt)})
	}
	return out, nil
}

// CheckLabel checks the name a player gives a key (seats.CheckLabel):
// a malformed request otherwise.
func CheckLabel(label string) error {
	if err := seats.CheckLabel(label); err != nil {
		return room.RefuseFor(room.ErrMalformed, err)
	}
	return nil
}

// NewKey makes an API key for player: the key is in this answer only;
// the store keeps its hash. The label is checked by the caller.
func (s *Service) NewKey(ctx context.Context, player, label string) (api.Key, error) {
	keys, err := s.cfg.Store.Keys(ctx, player)
	if err != nil {
		return api.Key{}, err
	}
	if len(keys) >= seats.MaxKeys {
		return api.Key{}, fmt.Errorf("%w: at most %d; revoke one first", seats.ErrTooManyKeys, seats.MaxKeys)
	}
	key, id, hash := seats.NewKey()
	k := store.APIKey{ID: id, Hash: hash, Player: player, Label: label, CreatedAt: s.cfg.Now()}
	if err := s.cfg.Store.CreateKey(ctx, k); err != nil {
		return api.Key{}, err
	}
	s.cfg.Log.Info("API key created", "key", id)
	return api.Key{ID: id, Label: k.Label, CreatedAt: room.FormatTime(k.CreatedAt), Key: key}, nil
}

// RevokeKey revokes player's key id.
func (s *Service) RevokeKey(ctx context.Context, player, id string) error {
	if err := s.cfg.Store.RevokeKey(ctx, player, id); err != nil {
		return err
	}
	s.cfg.Log.Info("API key revoked", "key", id)
	return nil
}

// InviteLinks returns the link that gives seat of game id to whoever
// accepts it first: relative, and absolute on the public URL if known.
func (s *Service) InviteLinks(id string, seat int, token string) (rel, abs string) {
	rel = fmt.Sprintf("/g/%s#seat=%d&token=%s", id, seat, token)
	if u := s.cfg.PublicURL; u != nil {
		abs = strings.TrimSuffix(u.String(), "/") + rel
	}
	return rel, abs
}

// SeatNames names the players of a game's seats, for its view.
func (s *Service) SeatNames(ctx context.Context, st [2]store.Seat) [2]*api.PlayerRef {
	var out [2]*api.PlayerRef
	for i, seat := range st {
		if seat.Player != "" {
			ref := s.cfg.Name(ctx, seat.Player)
			out[i] = &ref
		}
	}
	return out
}

// NamesOf names the players of listed games, each looked up once.
func (s *Service) NamesOf(ctx context.Context, sums []store.Summary) map[string]*api.PlayerRef {
	out := map[string]*api.PlayerRef{}
	for _, sm := range sums {
		for _, seat := range sm.Seats {
			if _, done := out[seat.Player]; seat.Player != "" && !done {
				ref := s.cfg.Name(ctx, seat.Player)
				out[seat.Player] = &ref
			}
		}
	}
	return out
}
