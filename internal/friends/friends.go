package friends

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/store"
)

// MaxFollows is how many players one player may follow.
const MaxFollows = 200

// Refusals; nothing is changed.
var (
	// ErrSelf: a player cannot follow themself.
	ErrSelf = errors.New("friends: you cannot follow yourself")
	// ErrNotFound: no such player (or a deleted account).
	ErrNotFound = errors.New("friends: no such player")
	// ErrTooMany: the follower already follows MaxFollows players.
	ErrTooMany = errors.New("friends: too many follows")
)

// Store is the slice of the store friends need.
type Store interface {
	Follow(ctx context.Context, follower, followed string, at time.Time) error
	Unfollow(ctx context.Context, follower, followed string) error
	Following(ctx context.Context, follower string) ([]string, error)
	LoadPlayer(ctx context.Context, id string) (store.Player, error)
	Online(ctx context.Context, now time.Time) ([]lobby.Player, error)
	List(ctx context.Context, f store.Filter) ([]store.Summary, error)
}

// Friend is one followed player as their follower sees them.
type Friend struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Online bool   `json:"online"`
	// Game is a public game they are playing now, "" when none.
	Game string `json:"game,omitempty"`
}

// Guard keeps apart players who blocked each other (the server's
// view of the blocks, as the lobby's). A nil Guard guards nothing.
type Guard interface {
	// Apart returns the refusal of a meeting of a and b ("not
	// available", whoever blocked whom), nil when they may meet.
	Apart(ctx context.Context, a, b string) error
	// Hidden returns the players blocked with player, either way.
	Hidden(ctx context.Context, player string) map[string]bool
}

// Service follows and lists.
type Service struct {
	store Store
	now   func() time.Time
	// Guard, when set, refuses a follow between players blocked with
	// each other and hides such a follow made before the block.
	Guard Guard
}

// New returns the friends service over st; now is its clock.
func New(st Store, now func() time.Time) *Service { return &Service{store: st, now: now} }

// Follow makes follower follow followed.
func (s *Service) Follow(ctx context.Context, follower, followed string) error {
	if follower == followed {
		return ErrSelf
	}
	p, err := s.store.LoadPlayer(ctx, followed)
	if errors.Is(err, store.ErrNoPlayer) || (err == nil && p.Kind == store.PlayerDeleted) {
		return fmt.Errorf("%w: %s", ErrNotFound, followed)
	}
	if err != nil {
		return err
	}
	if s.Guard != nil {
		if err := s.Guard.Apart(ctx, follower, followed); err != nil {
			return err
		}
	}
	ids, err := s.store.Following(ctx, follower)
	if err != nil {
		return err
	}
	if !slices.Contains(ids, followed) && len(ids) >= MaxFollows {
		return fmt.Errorf("%w: %d at most", ErrTooMany, MaxFollows)
	}
	return s.store.Follow(ctx, follower, followed, s.now())
}

// Unfollow stops follower following followed.
func (s *Service) Unfollow(ctx context.Context, follower, followed string) error {
	return s.store.Unfollow(ctx, follower, followed)
}

// List returns the players follower follows, online first, then by
// name; those blocked with follower (either way) are left out.
func (s *Service) List(ctx context.Context, follower string) ([]Friend, error) {
	ids, err := s.store.Following(ctx, follower)
	if err != nil {
		return nil, err
	}
	if s.Guard != nil {
		hidden := s.Guard.Hidden(ctx, follower)
		ids = slices.DeleteFunc(ids, func(id string) bool { return hidden[id] })
	}
	online, err := s.store.Online(ctx, s.now())
	if err != nil {
		return nil, err
	}
	out := make([]Friend, 0, len(ids))
	for _, id := range ids {
		f, ok, err := s.friend(ctx, id, online)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, f)
		}
	}
	slices.SortStableFunc(out, func(a, b Friend) int {
		if a.Online != b.Online {
			if a.Online {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out, nil
}

// friend describes one followed player; ok is false for one since deleted.
func (s *Service) friend(ctx context.Context, id string, online []lobby.Player) (Friend, bool, error) {
	p, err := s.store.LoadPlayer(ctx, id)
	if errors.Is(err, store.ErrNoPlayer) || (err == nil && p.Kind == store.PlayerDeleted) {
		return Friend{}, false, nil
	}
	if err != nil {
		return Friend{}, false, err
	}
	f := Friend{ID: id, Name: p.Name, Online: slices.ContainsFunc(online, func(o lobby.Player) bool { return o.ID == id })}
	games, err := s.store.List(ctx, store.Filter{Status: "ongoing", Public: true, Player: id, Limit: 1})
	if err != nil {
		return Friend{}, false, err
	}
	if len(games) > 0 {
		f.Game = games[0].ID
	}
	return f, true, nil
}
