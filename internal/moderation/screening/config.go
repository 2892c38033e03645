package screening

import (
	"context"
	"log/slog"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/moderation"
)

// Config runs the automatic screening from a server (Job): every
// server may, the database decides which one screens a pool, once an
// Every. The server's ScreeningConfig is this type.
type Config struct {
	// Norms are honest play per pool (a game id), as plateau screen
	// --out writes them; none: no screening.
	Norms map[string]Norm
	// Depth is the reference engine's alpha-beta depth (default 3, as
	// the norms of plateau screen).
	Depth int
	// Every is how long a pool waits between two runs (default an hour).
	Every time.Duration
	// Poll is how often the server looks for a pool due (default a
	// minute).
	Poll time.Duration
}

// Run runs the screening until ctx ends, when cfg names norms and the
// store keeps the screening's rows (st not nil); owner names this
// server on the pools' leases.
func (cfg Config) Run(ctx context.Context, st JobStore, reg *game.Registry, clock moderation.Clock, owner string, log *slog.Logger) {
	if len(cfg.Norms) == 0 || st == nil {
		return
	}
	depth := cfg.Depth
	if depth <= 0 {
		depth = 3
	}
	j := &Job{Store: st, Screener: &Screener{Registry: reg, Reference: Reference(depth)},
		Norms: cfg.Norms, Clock: clock, Owner: owner, Every: cfg.Every, Log: log}
	poll := cfg.Poll
	if poll <= 0 {
		poll = time.Minute
	}
	j.Run(ctx, poll)
}
