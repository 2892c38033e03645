package server

import (
	"context"
	"errors"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tournaments"
)

// runTournaments runs the events while the server lives; any number of
// servers do so on one database (the runner leases each event).
func (s *Server) runTournaments() {
	ts, ok := s.cfg.Store.(tourStore)
	if !ok {
		return
	}
	r := &tournaments.Runner{Store: ts, Games: tourGames{s}, Registry: s.cfg.Registry, Clock: s.cfg.Clock, Owner: s.owner,
		Lease: time.Minute, Poll: 2 * time.Second, Log: s.log, Batch: 8}
	if s.cfg.Notifier != nil {
		r.Notes = tourNotes{s}
	}
	if bl, ok := s.cfg.Store.(tournaments.BlockLister); ok {
		r.Blocks = bl
	}
	r.Ender = tourGames{s}
	r.Run(s.ctx)
}

// tourGames creates the tournament games, as the runner asks.
type tourGames struct{ s *Server }

// CreateTournamentGame implements tournaments.GameMaker: a game between
// the two players in their seats, under the id the pairing chose; an id
// that exists is left as it is.
func (g tourGames) CreateTournamentGame(ctx context.Context, ng tournaments.NewGame) error {
	s := g.s
	if _, err := s.cfg.Store.Load(ctx, ng.ID); err == nil {
		return nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	req := &api.CreateRequest{Game: ng.Game, TimeControl: ng.TimeControl, Rated: ng.Rated,
		Seats: []api.SeatRequest{{Kind: store.Human}, {Kind: store.Human}}}
	rec, _, _, err := s.newRecord(ctx, req, [2]string{ng.First, ng.Second})
	if err != nil {
		return err
	}
	rec.ID = ng.ID
	if err := s.cfg.Store.Create(ctx, rec); err != nil {
		if _, lerr := s.cfg.Store.Load(ctx, ng.ID); lerr == nil {
			return nil // another server created it meanwhile
		}
		return err
	}
	return nil
}

// EndAtDeadline implements tournaments.GameEnder with the game's room.
func (g tourGames) EndAtDeadline(ctx context.Context, id string) (result, reason string, err error) {
	err = g.s.withHub(ctx, id, func(h *room.Room) error {
		result, reason, err = h.EndAtDeadline(ctx)
		return err
	})
	return result, reason, err
}

// tourNotes hands the runner's notices to the notification outbox.
type tourNotes struct{ s *Server }

// TournamentNotices implements tournaments.Notifier.
func (n tourNotes) TournamentNotices(ctx context.Context, ns []tournaments.Notice) error {
	var errs []error
	for _, x := range ns {
		errs = append(errs, n.s.cfg.Notifier.Tournament(ctx, x.Kind, x.Player, x.TournamentID, x.GameID, x.Round))
	}
	return errors.Join(errs...)
}
