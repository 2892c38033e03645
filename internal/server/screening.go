package server

import (
	"time"

	"github.com/plateau-games/plateau/internal/moderation/screening"
)

// ScreeningConfig runs the automatic fair-play screening
// (internal/moderation/screening.Job): every server may, the database
// decides which one screens a pool, once an Every.
type ScreeningConfig struct {
	// Norms are honest play per pool (a game id), as plateau screen
	// --out writes them; none: no screening.
	Norms map[string]screening.Norm
	// Depth is the reference engine's alpha-beta depth (default 3, as
	// the norms of plateau screen).
	Depth int
	// Every is how long a pool waits between two runs (default an hour).
	Every time.Duration
	// Poll is how often the server looks for a pool due (default a
	// minute).
	Poll time.Duration
}

// runScreening runs the screening while the server lives, when the
// config names norms and the store keeps the screening's rows.
func (s *Server) runScreening() {
	cfg := s.cfg.Screening
	st, ok := s.cfg.Store.(screening.JobStore)
	if len(cfg.Norms) == 0 || !ok {
		return
	}
	depth := cfg.Depth
	if depth <= 0 {
		depth = 3
	}
	j := &screening.Job{Store: st, Screener: &screening.Screener{Registry: s.cfg.Registry, Reference: screening.Reference(depth)},
		Norms: cfg.Norms, Clock: s.cfg.Clock, Owner: s.owner, Every: cfg.Every, Log: s.log}
	poll := cfg.Poll
	if poll <= 0 {
		poll = time.Minute
	}
	j.Run(s.ctx, poll)
}
