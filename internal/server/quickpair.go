package server

import (
	"context"
	"errors"
	"slices"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/store"
)

// pairQuick is quick play's last step, once mine is posted: a seek that
// fits and was posted at the same moment (each player found none open,
// then both posted: audit 2026-11-27, D10) is taken, mine withdrawn in
// the same transaction (store.AcceptPair). Both players may try at
// once: exactly one starts the game, and the other's seek is the one
// taken. It returns nil when nothing fits, or when mine was taken
// meanwhile (its owner learns the game through the lobby's socket).
func (s *Server) pairQuick(ctx context.Context, me lobby.Player, mine lobby.Seek, want lobby.Want) (*api.Started, error) {
	for range 5 { // others may take the seeks first: look again
		open, err := s.cfg.Store.OpenSeeks(ctx, s.cfg.Clock.Now())
		if err != nil {
			return nil, err
		}
		if !slices.ContainsFunc(open, func(k lobby.Seek) bool { return k.ID == mine.ID }) {
			return nil, nil
		}
		match, ok := lobby.Match(open, want)
		if !ok {
			return nil, nil
		}
		st, err := s.acceptPair(ctx, me, match, mine.ID)
		if errors.Is(err, lobby.ErrGone) {
			continue
		}
		if err != nil {
			return nil, err
		}
		return &st, nil
	}
	return nil, nil
}

// acceptPair is acceptSeek withdrawing mine in the same transaction.
func (s *Server) acceptPair(ctx context.Context, me lobby.Player, k lobby.Seek, mine string) (api.Started, error) {
	if err := k.CanAccept(me); err != nil {
		return api.Started{}, err
	}
	owner := k.OwnerSeat(coin)
	var players [2]string
	players[owner], players[1-owner] = k.Owner.ID, me.ID
	req := api.CreateRequest{Game: k.Game, Seats: []api.SeatRequest{{Kind: store.Human}, {Kind: store.Human}}, Rated: k.Rated, TimeControl: k.TimeControl}
	g, _, h, err := s.newRecord(ctx, &req, players)
	if err != nil {
		return api.Started{}, err
	}
	a := store.Accept{Seek: k.ID, Taker: me.ID, Game: g, OwnerSeat: owner, At: s.cfg.Clock.Now()}
	if err := s.cfg.Store.AcceptPair(context.WithoutCancel(ctx), a, mine); err != nil {
		return api.Started{}, err
	}
	s.metrics.gamesCreated.Add(1)
	s.log.Info("quick seeks paired", "seek", k.ID, "withdrawn", mine, "game", g.ID, "id", g.Game)
	s.adopt(h)
	s.lobby.poke()
	return api.Started{Game: g.ID, Player: 1 - owner}, nil
}
