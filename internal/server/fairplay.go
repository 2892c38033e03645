package server

import (
	"context"
	"github.com/plateau-games/plateau/internal/room"
	"net/http"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/store"
)

// maxLocked bounds the running games looked at for engine locks.
const maxLocked = 100

// errEngineLocked is the refusal of the engine for a running game of the
// player's own that is rated, timed or part of a tournament.
var errEngineLocked = refuse(ErrForbidden, "the engine is not available for a rated, timed or tournament game you are playing while it runs")

// tournamentGames is what a store that runs tournaments may implement:
// a tournament's games lock the engine like rated ones.
type tournamentGames interface {
	InTournament(ctx context.Context, gameID string) (bool, error)
}

// routesFairPlay adds the engine locks.
func (s *Server) routesFairPlay(m *http.ServeMux) {
	m.HandleFunc("GET /api/fairplay/locks", s.handleEngineLocks)
	m.HandleFunc("GET /api/games/{id}/engine", s.handleEngineAllowed)
}

// engineLock says why player may not use the engine on game h (rated,
// timed, tournament), "" when they may: they sit in one seat of it, it
// runs, and it is one of those. The caller holds h.mu.
func (s *Server) engineLock(ctx context.Context, h *room.Room, player string) string {
	rec := h.Record()
	seats := rec.Seats
	mine := seats[0].Player == player || seats[1].Player == player
	if player == "" || !mine || seats[0].Player == seats[1].Player || h.Over() {
		return ""
	}
	switch {
	case rec.Rated:
		return "rated"
	case rec.Clock.Control != "":
		return "timed"
	}
	if tg, ok := s.cfg.Store.(tournamentGames); ok {
		if in, err := tg.InTournament(ctx, h.ID()); err != nil || in {
			return "tournament" // an error locks: fair play first
		}
	}
	return ""
}

// handleEngineLocks serves GET /api/fairplay/locks.
func (s *Server) handleEngineLocks(w http.ResponseWriter, r *http.Request) {
	c, err := s.playerOf(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	list, err := s.cfg.Store.List(r.Context(), store.Filter{Status: store.Ongoing, Player: c.player, Limit: maxLocked})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := api.EngineLocks{Games: []api.EngineLock{}}
	for _, g := range list {
		s.withHub(r.Context(), g.ID, func(h *room.Room) error { //nolint:errcheck // a game gone meanwhile locks nothing
			if why := s.engineLock(r.Context(), h, c.player); why != "" {
				out.Games = append(out.Games, api.EngineLock{ID: h.ID(), Game: h.Record().Game, Position: h.Position(), Why: why})
			}
			return nil
		})
	}
	s.reply(w, http.StatusOK, out)
}

// handleEngineAllowed serves GET /api/games/{id}/engine: 200 when the
// asking player may analyse the game now, 403 otherwise.
func (s *Server) handleEngineAllowed(w http.ResponseWriter, r *http.Request) {
	c, err := s.callerOf(r, "")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	err = s.withHub(r.Context(), r.PathValue("id"), func(h *room.Room) error {
		if s.engineLock(r.Context(), h, c.player) != "" {
			return errEngineLocked
		}
		return nil
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, struct {
		Allowed bool `json:"allowed"`
	}{true})
}

// playbanUntil returns when player may start a rated game again, zero
// when they may now (moderation.PlaybanUntil over the database's bad
// endings: every server counts alike).
func (s *Server) playbanUntil(ctx context.Context, player string) (time.Time, error) {
	fp, ok := s.cfg.Store.(store.FairPlay)
	if !ok || player == "" {
		return time.Time{}, nil
	}
	now := s.cfg.Clock.Now()
	endings, err := fp.BadEndings(ctx, player, now.Add(-moderation.PlaybanWindow))
	if err != nil {
		return time.Time{}, err
	}
	return moderation.PlaybanUntil(endings, now), nil
}

// playbanRefusal is the lobby's hook before a rated game starts: the
// player's playban, if any.
func (s *Server) playbanRefusal(ctx context.Context, player string, rated bool) error {
	if !rated {
		return nil
	}
	until, err := s.playbanUntil(ctx, player)
	if err != nil || until.IsZero() {
		return err
	}
	return refuse(ErrForbidden, "after games abandoned or left to time out, you may start a rated game again at %s", until.UTC().Format(time.RFC3339))
}
