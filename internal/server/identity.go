package server

import (
	"context"
	"time"

	"github.com/plateau-games/plateau/internal/api"
)

// The players' directory, until the players branch is merged: the
// request's player comes from its context, names are unknown.

type playerKey struct{}

// requester returns the id of the player making the request, "" for a
// program that sent neither a session nor an API key.
func requester(ctx context.Context) string {
	p, _ := ctx.Value(playerKey{}).(string)
	return p
}

// refOf names a player.
func (s *Server) refOf(_ context.Context, id string) api.PlayerRef {
	return api.PlayerRef{ID: id}
}

// findPlayer finds a player by id or name, with the time they joined.
func (s *Server) findPlayer(_ context.Context, ref string) (api.PlayerRef, time.Time, error) {
	return api.PlayerRef{}, timeNever, refuse(ErrNotFound, "no such player: %q", ref)
}
