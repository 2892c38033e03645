package tournaments

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// GameRows is the store as Maker creates games: a compare of ids, not
// the games' moves.
type GameRows interface {
	Load(ctx context.Context, id string) (store.Game, error)
	Create(ctx context.Context, g store.Game) error
}

// Maker is a GameMaker over the store: Build makes the game's row (the
// server's seats and tokens), Maker makes its creation happen once
// however many runners and servers try.
type Maker struct {
	Store GameRows
	Build func(ctx context.Context, g NewGame) (store.Game, error)
}

// CreateTournamentGame implements GameMaker: a game between the two
// players in their seats, under the id the pairing chose; an id that
// exists is left as it is.
func (m Maker) CreateTournamentGame(ctx context.Context, ng NewGame) error {
	if _, err := m.Store.Load(ctx, ng.ID); err == nil {
		return nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	rec, err := m.Build(ctx, ng)
	if err != nil {
		return err
	}
	rec.ID = ng.ID
	if err := m.Store.Create(ctx, rec); err != nil {
		if _, lerr := m.Store.Load(ctx, ng.ID); lerr == nil {
			return nil // another server created it meanwhile
		}
		return err
	}
	return nil
}

// Announcer is where notices go one by one (notify.Notifier).
type Announcer interface {
	Tournament(ctx context.Context, kind, player, tournament, gameID string, round int) error
}

// Notices is a Notifier that hands each notice to an Announcer (the
// notification outbox), trying them all.
type Notices struct{ To Announcer }

// TournamentNotices implements Notifier.
func (n Notices) TournamentNotices(ctx context.Context, ns []Notice) error {
	var errs []error
	for _, x := range ns {
		errs = append(errs, n.To.Tournament(ctx, x.Kind, x.Player, x.TournamentID, x.GameID, x.Round))
	}
	return errors.Join(errs...)
}

// EndFunc is a GameEnder as a function (the server's rooms).
type EndFunc func(ctx context.Context, gameID string) (result, reason string, err error)

// EndAtDeadline implements GameEnder.
func (f EndFunc) EndAtDeadline(ctx context.Context, gameID string) (result, reason string, err error) {
	return f(ctx, gameID)
}

// Runner is the runner of the service's events, paced as a server runs
// it: leases of a minute, a look every 2 seconds, 8 events at a time.
// games makes the games and ender ends them at their deadline; notes,
// when not nil, is told the players' notices.
func (s *Service) Runner(owner string, log *slog.Logger, games GameMaker, ender GameEnder, notes Announcer) *Runner {
	r := &Runner{Store: s.Store, Games: games, Registry: s.Registry, Clock: s.Clock, Owner: owner, Lease: time.Minute,
		Poll: 2 * time.Second, Log: log, Batch: 8, Ender: ender}
	if notes != nil {
		r.Notes = Notices{To: notes}
	}
	if bl, ok := s.Store.(BlockLister); ok {
		r.Blocks = bl
	}
	return r
}
