package server

import (
	"context"
	"errors"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/store"
)

// requester returns the id of the player making the request (its
// session), "" for a program that sent no session cookie.
func requester(ctx context.Context) string {
	p, _ := players.FromContext(ctx)
	return p.ID
}

// directory names players over the server's store.
func (s *Server) directory() players.Directory {
	return players.Directory{Store: s.cfg.Store, IsBot: s.isBot, Log: s.log}
}

// refOf names a player (players.Directory.Ref).
func (s *Server) refOf(ctx context.Context, id string) api.PlayerRef {
	return s.directory().Ref(ctx, id)
}

// findPlayer finds a player by id, username or display name, with the
// time they joined.
func (s *Server) findPlayer(ctx context.Context, ref string) (api.PlayerRef, time.Time, error) {
	p, joined, err := s.directory().Find(ctx, ref)
	if errors.Is(err, store.ErrNoPlayer) {
		err = refuse(players.ErrNotFound, "no such player: %q", ref)
	}
	return p, joined, err
}

// isBot reports whether a player is a bot; false when unknown.
func (s *Server) isBot(ctx context.Context, player string) bool {
	return s.bots != nil && s.bots.IsBot(ctx, player)
}
