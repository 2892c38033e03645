package server

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/clock"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tournaments"
)

// Default time controls of tournament games: correspondence with hard
// time (no vacation) as Abstract Play's divisions; an arena plays live.
const (
	tourTimeControl  = "3d/0"
	arenaTimeControl = "3+2"
)

func (s *Server) handleTournamentCreate(w http.ResponseWriter, r *http.Request) {
	ts, err := s.tours()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p, err := s.tourAccount(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var req api.TournamentCreate
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	t, err := s.newTournament(req, p.ID, s.cfg.Clock.Now())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := ts.CreateTournament(r.Context(), t); err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusCreated, s.tourOf(r.Context(), t, 0))
}

// newTournament checks a request and builds the event's row.
func (s *Server) newTournament(req api.TournamentCreate, owner string, now time.Time) (store.Tournament, error) {
	_, id, err := s.cfg.Registry.Lookup(req.Game)
	if err != nil {
		return store.Tournament{}, refuseFor(ErrMalformed, err)
	}
	c := tournaments.Config{Settings: tournaments.Settings{Format: tournaments.Format(req.Format), Name: strings.TrimSpace(req.Name),
		Description: req.Description, Rounds: req.Rounds, MinPlayers: req.MinPlayers, MaxPlayers: req.MaxPlayers,
		Division: req.Division, RoundTime: time.Duration(req.RoundTime) * time.Second, StartsAt: req.StartsAt,
		Games: req.Games, Casual: req.Casual, Streak: req.Streak, LateRounds: req.LateRounds,
		Entry: tournaments.Entry{Timeouts: -1}}, TimeControl: req.TimeControl}
	if e := req.Entry; e != nil {
		c.Entry = tournaments.Entry{AccountAge: time.Duration(e.AccountDays) * 24 * time.Hour, Finished: e.Finished, Timeouts: e.Timeouts}
	}
	if err := c.Validate(now); err != nil {
		return store.Tournament{}, tourRefusal(err)
	}
	if err := tourClock(&c); err != nil {
		return store.Tournament{}, err
	}
	return store.Tournament{ID: newGameID(), Game: id.String(), Format: string(c.Format), Name: c.Name, Description: c.Description,
		Settings: tournaments.EncodeConfig(c), Owner: owner, State: store.TourOpen, StartsAt: c.StartsAt, CreatedAt: now,
		Due: c.StartsAt}, nil
}

// tourClock sets the default time control and checks the chosen one: a
// rated game needs a clock, an arena a live one.
func tourClock(c *tournaments.Config) error {
	if c.TimeControl == "" {
		c.TimeControl = tourTimeControl
		if c.Format == tournaments.FormatArena {
			c.TimeControl = arenaTimeControl
		}
	}
	ctl, err := clock.Parse(c.TimeControl)
	if err != nil {
		return refuseFor(ErrMalformed, err)
	}
	if !ctl.Timed() || (c.Format == tournaments.FormatArena && ctl.Kind != clock.RealTime) {
		return refuse(ErrMalformed, "timeControl: tournament games need a clock, and an arena a live one")
	}
	return nil
}

func (s *Server) handleTournamentJoin(w http.ResponseWriter, r *http.Request) {
	ts, err := s.tours()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p, err := s.tourAccount(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	t, err := ts.LoadTournament(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, tourRefusal(err))
		return
	}
	c, err := tournaments.DecodeConfig(t.Settings)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.tourAdmits(r.Context(), c, t, p.ID); err != nil {
		s.fail(w, r, tourRefusal(err))
		return
	}
	rule := store.TourJoin{States: []string{store.TourOpen}, Max: c.MaxPlayers}
	if c.Format == tournaments.FormatArena || (c.Format == tournaments.FormatSwiss && c.LateRounds > 0) {
		rule.States = append(rule.States, store.TourRunning)
		rule.BeforeRound = c.LateRounds
	}
	entry := store.TourPlayer{TournamentID: t.ID, PlayerID: p.ID, Name: p.Name, Rating: s.tourRating(r.Context(), p.ID, t.Game),
		JoinedAt: s.cfg.Clock.Now()}
	if err := ts.JoinTournament(r.Context(), entry, rule); err != nil {
		s.fail(w, r, tourRefusal(err))
		return
	}
	s.handleTournament(w, r)
}

// tourAdmits checks the entry conditions.
func (s *Server) tourAdmits(ctx context.Context, c tournaments.Config, t store.Tournament, player string) error {
	pl, err := s.cfg.Store.LoadPlayer(ctx, player)
	if err != nil {
		return err
	}
	x := tournaments.Entrant{AccountAge: s.cfg.Clock.Now().Sub(pl.JoinedAt)}
	if info, id, err := s.cfg.Registry.Lookup(t.Game); err == nil {
		if r, ok, err := s.cfg.Store.Rating(ctx, player, ratingsGroup(info, id)); err == nil && ok {
			x.Finished = r.Games
		}
	}
	if c.Entry.Timeouts >= 0 {
		if ts, err := s.tours(); err == nil {
			if x.Timeouts, err = ts.RecentTimeouts(ctx, player, s.cfg.Clock.Now().Add(-tourTimeoutWindow)); err != nil {
				return err
			}
		}
	}
	return c.Entry.Admits(x)
}

// tourTimeoutWindow is how far back the entry conditions count time-outs.
const tourTimeoutWindow = 30 * 24 * time.Hour

func (s *Server) handleTournamentWithdraw(w http.ResponseWriter, r *http.Request) {
	ts, err := s.tours()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p, err := s.tourAccount(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	err = ts.WithdrawTournament(r.Context(), r.PathValue("id"), p.ID, s.cfg.Clock.Now())
	if err != nil {
		s.fail(w, r, tourRefusal(err))
		return
	}
	s.handleTournament(w, r)
}
