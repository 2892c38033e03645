package lobby

import (
	"context"
	"log/slog"
	"math"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/ratings"
	"github.com/plateau-games/plateau/internal/store"
)

// RatingStore is the slice of the store the lobby's ratings read.
type RatingStore interface {
	Rating(ctx context.Context, player, group string) (store.PlayerRating, bool, error)
}

// Ratings looks up the ratings the lobby pairs and offers AI levels by.
type Ratings struct {
	Store    RatingStore
	Registry *game.Registry
	Log      *slog.Logger
}

// Of is a player's rating in a game's pool (options included), as a
// whole number; 0 when they have none there yet (or it cannot be read:
// the lobby then pairs without a range rather than not at all). It is
// Service.Rating.
func (rs Ratings) Of(ctx context.Context, player, gameID string) int {
	info, id, err := rs.Registry.Lookup(gameID)
	if err != nil {
		return 0
	}
	r, ok, err := rs.Store.Rating(ctx, player, ratings.Group(info, id))
	if err != nil {
		rs.Log.Warn("lobby: rating", "player", player, "err", err)
		return 0
	}
	if !ok {
		return 0
	}
	return int(math.Round(r.R))
}

// AILevel is the AI level quick play offers the owner of k: the one
// whose rating is nearest theirs (a newcomer's is the start rating);
// fallback when the game has no measured levels.
func AILevel(k Seek, fallback int) int {
	r := ratings.New()
	if k.Rating > 0 {
		r.R = float64(k.Rating)
	}
	level, err := ratings.NearestLevel(k.Game, r)
	if err != nil {
		return fallback
	}
	return level
}
