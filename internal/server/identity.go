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

// refOf names a player: the requester from the request, anyone else
// from the store. A player the store cannot find keeps only their id.
func (s *Server) refOf(ctx context.Context, id string) api.PlayerRef {
	if p, ok := players.FromContext(ctx); ok && p.ID == id {
		return api.PlayerRef{ID: id, Name: p.Name, Guest: p.Guest, Bot: s.isBot(ctx, id)}
	}
	p, err := s.cfg.Store.LoadPlayer(ctx, id)
	if err != nil {
		if !errors.Is(err, store.ErrNoPlayer) {
			s.log.Warn("naming a player", "player", id, "err", err)
		}
		return api.PlayerRef{ID: id}
	}
	return api.PlayerRef{ID: id, Name: p.Name, Guest: p.Kind == store.PlayerGuest, Bot: s.isBot(ctx, id)}
}

// findPlayer finds a player by id, username or display name, with the
// time they joined.
func (s *Server) findPlayer(ctx context.Context, ref string) (api.PlayerRef, time.Time, error) {
	id, err := s.cfg.Store.FindPlayer(ctx, ref)
	if err == nil {
		var p store.Player
		if p, err = s.cfg.Store.LoadPlayer(ctx, id); err == nil {
			return api.PlayerRef{ID: id, Name: p.Name, Guest: p.Kind == store.PlayerGuest, Bot: s.isBot(ctx, id)}, p.JoinedAt, nil
		}
	}
	if errors.Is(err, store.ErrNoPlayer) {
		err = refuse(players.ErrNotFound, "no such player: %q", ref)
	}
	return api.PlayerRef{}, time.Time{}, err
}
