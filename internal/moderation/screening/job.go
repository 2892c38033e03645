package screening

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/store"
)

// The job's defaults.
const (
	// DefaultEvery is how long a pool waits between two runs.
	DefaultEvery = time.Hour
	// DefaultLease is how long a server holds a pool's run: a server
	// killed meanwhile leaves it to another after that.
	DefaultLease = 15 * time.Minute
	// DefaultBatch bounds the rated games (one row per player) a run
	// reads; the rest wait for the next run, at once.
	DefaultBatch = 500
	// DefaultGames is how many of a player's last games are judged.
	DefaultGames = 200
	// DefaultSettle is how old a rating must be to be read: a game
	// rated just before a run, by a transaction not yet committed or on
	// a server whose clock is a little behind, is read by the next one.
	DefaultSettle = time.Minute
)

// JobStore is what the screening job reads and writes.
type JobStore interface {
	// ClaimScreening leases a pool's run when it is due, returning how
	// far its rated games were screened.
	ClaimScreening(ctx context.Context, pool, owner string, now time.Time, lease time.Duration) (since time.Time, ok bool, err error)
	// FinishScreening ends the lease: screened up to to, next run at due.
	FinishScreening(ctx context.Context, pool, owner string, to, due time.Time) error
	// RatedSince lists the pool's rated games (per player) rated in
	// (since, until], oldest first, at most n.
	RatedSince(ctx context.Context, pool string, since, until time.Time, n int) ([]store.PoolGame, error)
	// Rating is a player's rating in a pool.
	Rating(ctx context.Context, player, group string) (store.PlayerRating, bool, error)
	// PoolGames lists a player's last n rated games of a pool, newest
	// first; Load reads one.
	PoolGames(ctx context.Context, player, pool string, n int) ([]string, error)
	Load(ctx context.Context, id string) (store.Game, error)
	// QueueScreening files a screening report once per evidence (the
	// last game judged), and not while one about the player is open.
	QueueScreening(ctx context.Context, pool, lastGame string, r moderation.Report) (bool, error)
}

// Job screens, on a server, the players of each pool that has a norm:
// at most once an Every per pool across every server sharing the
// database (a leased row per pool), only the players with rated games
// new since the last run, and queues the flagged ones for the
// moderators once per evidence.
type Job struct {
	Store    JobStore
	Screener *Screener
	Norms    map[string]Norm // by pool: the game id
	Clock    moderation.Clock
	Owner    string        // this server, for the leases
	Every    time.Duration // between two runs of a pool (DefaultEvery)
	Lease    time.Duration // DefaultLease
	Batch    int           // DefaultBatch
	Games    int           // DefaultGames
	Settle   time.Duration // DefaultSettle
	Log      *slog.Logger  // nil: Run logs nothing
}

// Result counts what a tick did.
type Result struct {
	Pools    int // pools this server ran
	Screened int // players judged
	Flagged  int // of them, flagged
	Queued   int // reports filed
}

// Tick runs every pool that is due and that no other server holds.
func (j *Job) Tick(ctx context.Context) (Result, error) {
	var res Result
	pools := make([]string, 0, len(j.Norms))
	for p := range j.Norms {
		pools = append(pools, p)
	}
	slices.Sort(pools)
	var errs []error
	for _, pool := range pools {
		if err := j.runPool(ctx, pool, &res); err != nil {
			errs = append(errs, fmt.Errorf("screening: pool %s: %w", pool, err))
		}
	}
	return res, errors.Join(errs...)
}

// Run ticks every poll until ctx ends.
func (j *Job) Run(ctx context.Context, poll time.Duration) {
	t := time.NewTicker(poll)
	defer t.Stop()
	for {
		res, err := j.Tick(ctx)
		if j.Log != nil && err != nil {
			j.Log.Warn("screening", "err", err)
		}
		if j.Log != nil && res.Pools > 0 {
			j.Log.Info("screening", "pools", res.Pools, "screened", res.Screened, "flagged", res.Flagged, "queued", res.Queued)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// runPool screens one pool if this server leases it. An error leaves
// the lease to run out: the next run, here or elsewhere, does it again
// (queueing is once per evidence, so nothing is filed twice).
func (j *Job) runPool(ctx context.Context, pool string, res *Result) error {
	now := j.Clock.Now()
	since, ok, err := j.Store.ClaimScreening(ctx, pool, j.Owner, now, or(j.Lease, DefaultLease))
	if err != nil || !ok {
		return err
	}
	res.Pools++
	batch, until := or(j.Batch, DefaultBatch), now.Add(-or(j.Settle, DefaultSettle))
	rated, err := j.Store.RatedSince(ctx, pool, since, until, batch)
	if err != nil {
		return err
	}
	var seen []string
	for _, g := range rated {
		if slices.Contains(seen, g.Player) {
			continue
		}
		seen = append(seen, g.Player)
		if err := j.screen(ctx, pool, g.Player, now, res); err != nil {
			return err
		}
	}
	to, due := until, now.Add(or(j.Every, DefaultEvery))
	if len(rated) == batch { // more to read: on at once, from the last one read
		to, due = watermark(rated[len(rated)-1].At, since), now
	}
	return j.Store.FinishScreening(ctx, pool, j.Owner, to, due)
}

// watermark is where a run that stopped at a game rated at last goes
// on from: just before it, so that the games rated in the same
// millisecond and not read yet are read, unless that would not move on.
func watermark(last, since time.Time) time.Time {
	if w := last.Add(-time.Millisecond); w.After(since) {
		return w
	}
	return last
}

func or[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}
