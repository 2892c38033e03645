package server

import (
	"context"
	"math"

	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/ratings"
)

// poolRating is a player's rating in a game's pool (options included), as
// a whole number; 0 when they have none there yet (or it cannot be read:
// the lobby then pairs without a range rather than not at all).
func (s *Server) poolRating(ctx context.Context, player, gameID string) int {
	info, id, err := s.cfg.Registry.Lookup(gameID)
	if err != nil {
		return 0
	}
	r, ok, err := s.cfg.Store.Rating(ctx, player, ratings.Group(info, id))
	if err != nil {
		s.log.Warn("lobby: rating", "player", player, "err", err)
		return 0
	}
	if !ok {
		return 0
	}
	return int(math.Round(r.R))
}

// aiLevelFor is the AI level quick play offers the owner of k: the one
// whose rating is nearest theirs (a newcomer's is the start rating).
func (s *Server) aiLevelFor(k lobby.Seek) int {
	r := ratings.New()
	if k.Rating > 0 {
		r.R = float64(k.Rating)
	}
	level, err := ratings.NearestLevel(k.Game, r)
	if err != nil {
		return defaultLevel
	}
	return level
}
