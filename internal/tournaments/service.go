package tournaments

import (
	"context"
	"errors"
	"math"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/clock"
	"github.com/plateau-games/plateau/internal/ratings"
	"github.com/plateau-games/plateau/internal/store"
)

// Default time controls of tournament games: correspondence with hard
// time (no vacation) as Abstract Play's divisions; an arena plays live.
const (
	tourTimeControl  = "3d/0"
	arenaTimeControl = "3+2"
)

// timeoutWindow is how far back the entry conditions count time-outs.
const timeoutWindow = 30 * 24 * time.Hour

// ServiceStore is the store as the tournament endpoints and the runner
// use it: the SQL stores implement it; a store that does not serves none.
type ServiceStore interface {
	Store
	LoadTournament(ctx context.Context, id string) (store.Tournament, error)
	ListTournaments(ctx context.Context, game string, states []string, limit int) ([]store.Tournament, error)
	TournamentsWon(ctx context.Context, player string, limit int) ([]store.Tournament, error)
	RecentTimeouts(ctx context.Context, player string, since time.Time) (int, error)
	JoinTournament(ctx context.Context, p store.TourPlayer, rule store.TourJoin) error
	WithdrawTournament(ctx context.Context, tid, player string, at time.Time) error
}

// Accounts is what the entry conditions and the seeding read of a
// player: the account's age and the ratings of the event's pool.
type Accounts interface {
	LoadPlayer(ctx context.Context, id string) (store.Player, error)
	Rating(ctx context.Context, player, group string) (store.PlayerRating, bool, error)
}

// Service creates, lists, shows, joins and leaves events for the
// endpoints, so that the edge only decodes and replies.
type Service struct {
	Store    ServiceStore
	Accounts Accounts
	Registry *game.Registry
	Clock    interface{ Now() time.Time }
	// Names names a player (an event's winner) as the API shows players.
	Names func(ctx context.Context, id string) api.PlayerRef
	// NewID draws a new event's id (the games' id scheme).
	NewID func() string
}

// ErrBadRequest is the reason of a request the service cannot take (an
// unknown game, a time control without a clock); the error's own text is
// the client's sentence.
var ErrBadRequest = errors.New("tournaments: bad request")

// badRequest tells the client cause's text and is ErrBadRequest.
type badRequest struct{ cause error }

// Error implements error.
func (b badRequest) Error() string { return b.cause.Error() }

// Unwrap returns the errors it is, for errors.Is.
func (b badRequest) Unwrap() []error { return []error{ErrBadRequest, b.cause} }

// Create checks a request and creates the event that owner runs.
func (s *Service) Create(ctx context.Context, req api.TournamentCreate, owner string) (api.Tournament, error) {
	t, err := s.newTournament(req, owner, s.Clock.Now())
	if err != nil {
		return api.Tournament{}, err
	}
	if err := s.Store.CreateTournament(ctx, t); err != nil {
		return api.Tournament{}, err
	}
	return s.Of(ctx, t, 0), nil
}

// newTournament checks a request and builds the event's row.
func (s *Service) newTournament(req api.TournamentCreate, owner string, now time.Time) (store.Tournament, error) {
	_, id, err := s.Registry.Lookup(req.Game)
	if err != nil {
		return store.Tournament{}, badRequest{err}
	}
	c := Config{Settings: Settings{Format: Format(req.Format), Name: strings.TrimSpace(req.Name),
		Description: req.Description, Rounds: req.Rounds, MinPlayers: req.MinPlayers, MaxPlayers: req.MaxPlayers,
		Division: req.Division, RoundTime: time.Duration(req.RoundTime) * time.Second, StartsAt: req.StartsAt,
		Games: req.Games, Casual: req.Casual, Streak: req.Streak, LateRounds: req.LateRounds,
		Entry: Entry{Timeouts: -1}}, TimeControl: req.TimeControl}
	if e := req.Entry; e != nil {
		c.Entry = Entry{AccountAge: time.Duration(e.AccountDays) * 24 * time.Hour, Finished: e.Finished, Timeouts: e.Timeouts}
	}
	if err := c.Validate(now); err != nil {
		return store.Tournament{}, err
	}
	if err := tourClock(&c); err != nil {
		return store.Tournament{}, err
	}
	return store.Tournament{ID: s.NewID(), Game: id.String(), Format: string(c.Format), Name: c.Name, Description: c.Description,
		Settings: EncodeConfig(c), Owner: owner, State: store.TourOpen, StartsAt: c.StartsAt, CreatedAt: now,
		Due: c.StartsAt}, nil
}

// tourClock sets the default time control and checks the chosen one: a
// rated game needs a clock, an arena a live one.
func tourClock(c *Config) error {
	if c.TimeControl == "" {
		c.TimeControl = tourTimeControl
		if c.Format == FormatArena {
			c.TimeControl = arenaTimeControl
		}
	}
	ctl, err := clock.Parse(c.TimeControl)
	if err != nil {
		return badRequest{err}
	}
	if !ctl.Timed() || (c.Format == FormatArena && ctl.Kind != clock.RealTime) {
		return badRequest{errors.New("timeControl: tournament games need a clock, and an arena a live one")}
	}
	return nil
}

// Join enters a player, named name, in event id, if the entry
// conditions admit them and the event still takes entries.
func (s *Service) Join(ctx context.Context, id, player, name string) error {
	t, err := s.Store.LoadTournament(ctx, id)
	if err != nil {
		return err
	}
	c, err := DecodeConfig(t.Settings)
	if err != nil {
		return err
	}
	if err := s.admits(ctx, c, t, player); err != nil {
		return err
	}
	rule := store.TourJoin{States: []string{store.TourOpen}, Max: c.MaxPlayers}
	if c.Format == FormatArena || (c.Format == FormatSwiss && c.LateRounds > 0) {
		rule.States = append(rule.States, store.TourRunning)
		rule.BeforeRound = c.LateRounds
	}
	entry := store.TourPlayer{TournamentID: t.ID, PlayerID: player, Name: name, Rating: s.rating(ctx, player, t.Game),
		JoinedAt: s.Clock.Now()}
	return s.Store.JoinTournament(ctx, entry, rule)
}

// admits checks the entry conditions.
func (s *Service) admits(ctx context.Context, c Config, t store.Tournament, player string) error {
	pl, err := s.Accounts.LoadPlayer(ctx, player)
	if err != nil {
		return err
	}
	x := Entrant{AccountAge: s.Clock.Now().Sub(pl.JoinedAt)}
	if info, id, err := s.Registry.Lookup(t.Game); err == nil {
		if r, ok, err := s.Accounts.Rating(ctx, player, ratings.Group(info, id)); err == nil && ok {
			x.Finished = r.Games
		}
	}
	if c.Entry.Timeouts >= 0 {
		if x.Timeouts, err = s.Store.RecentTimeouts(ctx, player, s.Clock.Now().Add(-timeoutWindow)); err != nil {
			return err
		}
	}
	return c.Entry.Admits(x)
}

// Withdraw takes a player out of event id.
func (s *Service) Withdraw(ctx context.Context, id, player string) error {
	return s.Store.WithdrawTournament(ctx, id, player, s.Clock.Now())
}

// rating is a player's rating in the event's pool, 0 when none.
func (s *Service) rating(ctx context.Context, player, gameID string) int {
	info, id, err := s.Registry.Lookup(gameID)
	if err != nil {
		return 0
	}
	r, ok, err := s.Accounts.Rating(ctx, player, ratings.Group(info, id))
	if err != nil || !ok {
		return 0
	}
	return int(math.Round(r.R))
}
