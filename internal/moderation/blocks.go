package moderation

import (
	"context"
	"fmt"
	"time"
)

// Block is one player a player blocked, and when.
type Block struct {
	Blocked string
	At      time.Time
}

// BlockStore keeps the blocks (the store's SQL implements it).
type BlockStore interface {
	// SetBlock adds (on) or removes the block of blocked by blocker;
	// either is harmless twice. Adding refuses past max blocks with
	// ErrTooMany.
	SetBlock(ctx context.Context, blocker, blocked string, on bool, max int, at time.Time) error
	// Blocks returns the players blocker blocked, newest first.
	Blocks(ctx context.Context, blocker string) ([]Block, error)
	// BlockedEither reports whether a blocked b or b blocked a.
	BlockedEither(ctx context.Context, a, b string) (bool, error)
}

// PlayerFinder tells whether a player exists.
type PlayerFinder interface {
	PlayerExists(ctx context.Context, id string) (bool, error)
}

// Blocks applies the players' blocks. Either is the one call the lobby
// and the chat make.
type Blocks struct {
	Store   BlockStore
	Players PlayerFinder
	Clock   Clock
}

// Set blocks (on) or unblocks other for player.
func (b *Blocks) Set(ctx context.Context, player, other string, on bool) error {
	if other == "" {
		return fmt.Errorf("%w: name a player to block", ErrNoPlayer)
	}
	if player == other {
		return fmt.Errorf("%w: you cannot block yourself", ErrSelf)
	}
	if on {
		ok, err := b.Players.PlayerExists(ctx, other)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%w: %q", ErrNoPlayer, other)
		}
	}
	return b.Store.SetBlock(ctx, player, other, on, MaxBlocks, b.Clock.Now())
}

// List returns the players player blocked, newest first.
func (b *Blocks) List(ctx context.Context, player string) ([]Block, error) {
	return b.Store.Blocks(ctx, player)
}

// Either reports whether players a and c may not meet: one blocked the
// other. Anyone unknown ("") meets everyone. On a store error it says
// they may meet, and returns the error for the log.
func (b *Blocks) Either(ctx context.Context, a, c string) (bool, error) {
	if b == nil || a == "" || c == "" || a == c {
		return false, nil
	}
	return b.Store.BlockedEither(ctx, a, c)
}
