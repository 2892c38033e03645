package aipool

import (
	"context"
	"crypto/rand"
	"errors"
	"os"
	"strconv"
	"sync/atomic"
	"time"

	"log/slog"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/store"
)

// Outcomes are the ends of an AI job this process took: its move
// played, found moot (the game moved on), given back to be retried (its
// commit failed) or released (at shutdown), or lost (its lease expired
// and another server took it over).
var Outcomes = []string{"played", "moot", "released", "retry", "lost"}

// Store is the slice of the store the pool uses: the table of AI moves
// owed, with its leases.
type Store interface {
	DueJobs(ctx context.Context, now time.Time) (int, error)
	ClaimJobs(ctx context.Context, owner string, now time.Time, lease time.Duration, n int) ([]store.Job, error)
	RenewJob(ctx context.Context, j store.Job, owner string, until time.Time) error
	ReleaseJob(ctx context.Context, j store.Job, owner string, due time.Time) error
	DropJob(ctx context.Context, j store.Job, owner string) error
}

// Rooms starts the search of a job on its game: room.Hub.
type Rooms interface {
	TakeJob(j store.Job) (room.Search, error)
}

// Metrics counts what the pool does.
type Metrics interface {
	// Queue is the number of due jobs nobody holds.
	Queue(n int)
	// Waited is how long a job waited past its due time to be claimed.
	Waited(d time.Duration)
	// Searching counts the searches running: +1 at the start, -1 at the end.
	Searching(delta int)
	// Searched is how long a search took.
	Searched(d time.Duration)
	// Ended counts a job's outcome, one of Outcomes.
	Ended(outcome string)
}

// Tasks runs the pool's goroutines: Go starts fn and reports true, or
// reports false once the server closes (fn then never runs); Close waits
// for them.
type Tasks interface {
	Go(fn func()) bool
}

// Config is what a Pool is built from; every field is required.
type Config struct {
	Store   Store
	Rooms   Rooms
	Mover   Mover
	Clock   room.Clock
	Metrics Metrics
	Tasks   Tasks
	Log     *slog.Logger
	// Owner names this process on the jobs it leases (NewOwnerName).
	Owner string
	// Workers is how many searches run at once.
	Workers int
	// Lease is how long a claimed job stays this process's without renewal.
	Lease time.Duration
	// Retry is the wait before retrying a job that could not be stored,
	// doubled at each further failure up to Lease.
	Retry time.Duration
	// MoveTime is the time budget of one AI move.
	MoveTime time.Duration
	// MinDelay is the least time between a job's search starting and
	// its move being played.
	MinDelay time.Duration
}

// Pool runs the AI searches on a fixed number of workers. The queue is
// the store's table of AI moves owed, shared by every server: a
// dispatcher claims as many due jobs as workers are idle, oldest first,
// whenever it is woken (a change of this or another process that leaves
// an AI move owed, a worker finishing) and at least every third of a
// lease, so that nothing depends on a notification arriving and a job
// whose server died is taken over once its lease expires.
type Pool struct {
	cfg  Config
	ctx  context.Context
	jobs chan store.Job
	idle atomic.Int64
	wake chan struct{}
}

// New returns a pool whose work ends with ctx; Start starts it.
func New(ctx context.Context, cfg Config) *Pool {
	return &Pool{cfg: cfg, ctx: ctx, jobs: make(chan store.Job, cfg.Workers), wake: make(chan struct{}, 1)}
}

// NewOwnerName names this process on the jobs it leases: the host and
// pid for people reading the table, and random bits so that a restarted
// process never mistakes its predecessor's leases for its own.
func NewOwnerName() string {
	host, _ := os.Hostname()
	return host + "/" + strconv.Itoa(os.Getpid()) + "/" + rand.Text()[:8]
}

// Start starts the workers and the dispatcher, which take the AI moves
// owed from the store (those left by a restart first).
func (p *Pool) Start() {
	for range p.cfg.Workers {
		p.idle.Add(1)
		p.cfg.Tasks.Go(p.work)
	}
	p.cfg.Tasks.Go(p.dispatch)
	p.Nudge()
}

// Nudge wakes the dispatcher; it never blocks.
func (p *Pool) Nudge() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

func (p *Pool) dispatch() {
	poll := time.NewTicker(p.cfg.Lease / 3)
	defer poll.Stop()
	for {
		select {
		case <-p.ctx.Done():
			p.drain()
			return
		case <-p.wake:
		case <-poll.C:
			p.countQueue()
		}
		p.claim()
	}
}

// drain gives back, at shutdown, the jobs claimed for workers that will
// not take them, so that other servers need not wait for their leases.
func (p *Pool) drain() {
	for {
		select {
		case j := <-p.jobs:
			p.releaseJob(j, "released", p.cfg.Clock.Now())
		default:
			return
		}
	}
}

// claim hands due jobs to the idle workers.
func (p *Pool) claim() {
	for p.ctx.Err() == nil {
		n := int(p.idle.Load())
		if n == 0 {
			return
		}
		now := p.cfg.Clock.Now()
		jobs, err := p.cfg.Store.ClaimJobs(p.ctx, p.cfg.Owner, now, p.cfg.Lease, n)
		if err != nil {
			if p.ctx.Err() == nil {
				p.cfg.Log.Warn("cannot claim AI moves; retrying at the next poll", "err", err)
			}
			return
		}
		for _, j := range jobs {
			p.idle.Add(-1)
			p.cfg.Metrics.Waited(max(0, now.Sub(j.Due)))
			p.jobs <- j // never blocks: one slot per idle worker
		}
		if len(jobs) < n {
			p.cfg.Metrics.Queue(0)
			return
		}
	}
}

// countQueue updates the queue length: due jobs nobody holds.
func (p *Pool) countQueue() {
	n, err := p.cfg.Store.DueJobs(p.ctx, p.cfg.Clock.Now())
	if err == nil {
		p.cfg.Metrics.Queue(n)
	}
}

func (p *Pool) work() {
	for {
		select {
		case <-p.ctx.Done():
			return
		case j := <-p.jobs:
			p.cfg.Metrics.Searching(1)
			p.runJob(j)
			p.cfg.Metrics.Searching(-1)
			p.idle.Add(1)
			p.Nudge()
		}
	}
}

// runJob answers one claimed job on a worker: it takes the game, and
// searches while a helper renews the lease. The move is committed off
// the worker, once the least delay since the search began has passed:
// a worker is for searching, so neither a slow-looking AI nor a commit
// holds it, and the commits of many searches share a transaction.
func (p *Pool) runJob(j store.Job) {
	sr, ok := p.startJob(j)
	if !ok {
		return
	}
	ctx, cancel := context.WithCancel(sr.Ctx)
	stop := p.renewLease(ctx, cancel, j)
	start := time.Now()
	text, err := p.think(ctx, sr.Game, sr.Position, sr.Level)
	p.cfg.Metrics.Searched(time.Since(start))
	finish := func() {
		defer cancel()
		defer stop()
		p.endSearch(sr, j, text, err)
	}
	wait := p.cfg.MinDelay - time.Since(start)
	started := p.cfg.Tasks.Go(func() {
		if wait > 0 {
			select {
			case <-time.After(wait):
			case <-ctx.Done():
			}
		}
		finish()
	})
	if !started {
		finish()
	}
}

// startJob starts a search for j on its game; false when there is none
// to run, the job having been dealt with.
func (p *Pool) startJob(j store.Job) (room.Search, bool) {
	sr, err := p.cfg.Rooms.TakeJob(j)
	switch {
	case errors.Is(err, room.ErrMoot) || errors.Is(err, room.ErrNotFound):
		p.endJob(j, "moot", p.cfg.Store.DropJob(context.WithoutCancel(p.ctx), j, p.cfg.Owner))
	case errors.Is(err, room.ErrClosing):
		p.releaseJob(j, "released", p.cfg.Clock.Now())
	case err != nil:
		p.cfg.Log.Error("cannot take an AI move; it will be retried", "game", j.GameID, "err", err)
		p.releaseJob(j, "retry", p.retryAt(j))
	}
	return sr, err == nil
}

// endSearch commits the move a search found, or gives the job back.
func (p *Pool) endSearch(sr room.Search, j store.Job, text string, err error) {
	outcome, err := sr.Finish(j, text, err)
	switch outcome {
	case "released":
		p.releaseJob(j, outcome, p.cfg.Clock.Now())
	case "retry":
		p.releaseJob(j, outcome, p.retryAt(j))
	default:
		p.endJob(j, outcome, err)
	}
}

// renewLease renews j's lease every third of a lease until stop is
// called, and cancels the search if the lease is lost.
func (p *Pool) renewLease(ctx context.Context, cancel context.CancelFunc, j store.Job) (stop func()) {
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(p.cfg.Lease / 3)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
			}
			err := p.cfg.Store.RenewJob(ctx, j, p.cfg.Owner, p.cfg.Clock.Now().Add(p.cfg.Lease))
			if errors.Is(err, store.ErrLeaseLost) {
				cancel()
				return
			}
			if err != nil && ctx.Err() == nil {
				p.cfg.Log.Warn("cannot renew an AI move's lease; searching on", "game", j.GameID, "err", err)
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

// retryAt is when a failed job may be tried again: AIRetry, doubled at
// each further attempt, at most a lease.
func (p *Pool) retryAt(j store.Job) time.Time {
	d := p.cfg.Retry
	for i := 1; i < j.Attempts && d < p.cfg.Lease; i++ {
		d *= 2
	}
	return p.cfg.Clock.Now().Add(min(d, p.cfg.Lease))
}

// releaseJob gives j back to the queue, due at due. The server may be
// closing, so it does not use p.ctx; if it fails, the lease expires.
func (p *Pool) releaseJob(j store.Job, outcome string, due time.Time) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := p.cfg.Store.ReleaseJob(ctx, j, p.cfg.Owner, due)
	p.endJob(j, outcome, err)
	if err == nil {
		// Claim it when due rather than at the next poll, perhaps far.
		time.AfterFunc(due.Sub(p.cfg.Clock.Now()), p.Nudge)
	}
}

// endJob counts a job's outcome; a job another server took meanwhile is
// counted as lost.
func (p *Pool) endJob(j store.Job, outcome string, err error) {
	switch {
	case errors.Is(err, store.ErrLeaseLost):
		outcome = "lost"
	case err != nil:
		p.cfg.Log.Warn("AI job not updated; its lease will expire", "game", j.GameID, "outcome", outcome, "err", err)
	}
	p.cfg.Metrics.Ended(outcome)
}

// think asks the Mover for a move within the time budget. A Mover that
// fails gets replaced by a random legal move so that a game never stalls
// on an AI error.
func (p *Pool) think(ctx context.Context, name string, pos game.State, level int) (string, error) {
	budget, cancel := context.WithTimeout(ctx, p.cfg.MoveTime)
	defer cancel()
	m, err := p.cfg.Mover.Move(budget, name, pos.Clone(), level)
	if ctx.Err() != nil {
		return "", ctx.Err()
	}
	if err == nil && !legal(pos, m) {
		err = errors.New("aipool: the AI chose an illegal move")
	}
	if err != nil {
		p.cfg.Log.Error("AI failed, playing a random move", "game", name, "level", level, "err", err)
		if m, err = (RandomMover{}).Move(ctx, name, pos, level); err != nil {
			return "", err
		}
	}
	return pos.FormatMove(m), nil
}

func legal(s game.State, m game.Move) bool {
	for _, l := range s.Moves(nil) {
		if l == m {
			return true
		}
	}
	return false
}
