package server

import (
	"context"
	"crypto/rand"
	"errors"
	"os"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/store"
)

// jobOutcomes are the ends of an AI job this process took: its move
// played, found moot (the game moved on), given back to be retried (its
// commit failed) or released (at shutdown), or lost (its lease expired
// and another server took it over).
var jobOutcomes = []string{"played", "moot", "released", "retry", "lost"}

// aiPool runs the AI searches on a fixed number of workers. The queue is
// the store's table of AI moves owed, shared by every server: a
// dispatcher claims as many due jobs as workers are idle, oldest first,
// whenever it is woken (a change of this or another process that leaves
// an AI move owed, a worker finishing) and at least every third of a
// lease, so that nothing depends on a notification arriving and a job
// whose server died is taken over once its lease expires.
type aiPool struct {
	s    *Server
	jobs chan store.Job
	idle atomic.Int64
	wake chan struct{}
}

func newAIPool(s *Server) *aiPool {
	return &aiPool{s: s, jobs: make(chan store.Job, s.cfg.AIWorkers), wake: make(chan struct{}, 1)}
}

// newOwnerName names this process on the jobs it leases: the host and
// pid for people reading the table, and random bits so that a restarted
// process never mistakes its predecessor's leases for its own.
func newOwnerName() string {
	host, _ := os.Hostname()
	return host + "/" + strconv.Itoa(os.Getpid()) + "/" + rand.Text()[:8]
}

func (p *aiPool) start() {
	for range p.s.cfg.AIWorkers {
		p.idle.Add(1)
		p.s.goBackground(p.work)
	}
	p.s.goBackground(p.dispatch)
	p.nudge()
}

// nudge wakes the dispatcher; it never blocks.
func (p *aiPool) nudge() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

func (p *aiPool) dispatch() {
	poll := time.NewTicker(p.s.cfg.AILease / 3)
	defer poll.Stop()
	for {
		select {
		case <-p.s.ctx.Done():
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
func (p *aiPool) drain() {
	for {
		select {
		case j := <-p.jobs:
			p.s.releaseJob(j, "released", p.s.cfg.Clock.Now())
		default:
			return
		}
	}
}

// claim hands due jobs to the idle workers.
func (p *aiPool) claim() {
	for p.s.ctx.Err() == nil {
		n := int(p.idle.Load())
		if n == 0 {
			return
		}
		now := p.s.cfg.Clock.Now()
		jobs, err := p.s.cfg.Store.ClaimJobs(p.s.ctx, p.s.owner, now, p.s.cfg.AILease, n)
		if err != nil {
			if p.s.ctx.Err() == nil {
				p.s.log.Warn("cannot claim AI moves; retrying at the next poll", "err", err)
			}
			return
		}
		for _, j := range jobs {
			p.idle.Add(-1)
			p.s.metrics.aiWait.Observe(max(0, now.Sub(j.Due)).Seconds())
			p.jobs <- j // never blocks: one slot per idle worker
		}
		if len(jobs) < n {
			p.s.metrics.aiQueue.Set(0)
			return
		}
	}
}

// countQueue updates the queue length: due jobs nobody holds.
func (p *aiPool) countQueue() {
	n, err := p.s.cfg.Store.DueJobs(p.s.ctx, p.s.cfg.Clock.Now())
	if err == nil {
		p.s.metrics.aiQueue.Set(float64(n))
	}
}

func (p *aiPool) work() {
	for {
		select {
		case <-p.s.ctx.Done():
			return
		case j := <-p.jobs:
			p.s.metrics.aiSearches.Inc()
			p.s.runJob(j)
			p.s.metrics.aiSearches.Dec()
			p.idle.Add(1)
			p.nudge()
		}
	}
}

// runJob answers one claimed job on a worker: it takes the game, and
// searches while a helper renews the lease. The move is committed off
// the worker, once the least delay since the search began has passed:
// a worker is for searching, so neither a slow-looking AI nor a commit
// holds it, and the commits of many searches share a transaction.
func (s *Server) runJob(j store.Job) {
	sr, ok := s.startJob(j)
	if !ok {
		return
	}
	ctx, cancel := context.WithCancel(sr.Ctx)
	stop := s.renewLease(ctx, cancel, j)
	start := time.Now()
	text, err := s.think(ctx, sr.Game, sr.Position, sr.Level)
	s.metrics.aiSearch.Observe(time.Since(start).Seconds())
	finish := func() {
		defer cancel()
		defer stop()
		s.endSearch(sr, j, text, err)
	}
	if !s.startTask() {
		finish()
		return
	}
	wait := s.cfg.AIMinDelay - time.Since(start)
	go func() {
		defer s.wg.Done()
		if wait > 0 {
			select {
			case <-time.After(wait):
			case <-ctx.Done():
			}
		}
		finish()
	}()
}

// startJob starts a search for j on its game; false when there is none
// to run, the job having been dealt with.
func (s *Server) startJob(j store.Job) (room.Search, bool) {
	sr, err := s.rooms.TakeJob(j)
	switch {
	case errors.Is(err, room.ErrMoot) || errors.Is(err, ErrNotFound):
		s.endJob(j, "moot", s.cfg.Store.DropJob(context.WithoutCancel(s.ctx), j, s.owner))
	case errors.Is(err, ErrClosing):
		s.releaseJob(j, "released", s.cfg.Clock.Now())
	case err != nil:
		s.log.Error("cannot take an AI move; it will be retried", "game", j.GameID, "err", err)
		s.releaseJob(j, "retry", s.retryAt(j))
	}
	return sr, err == nil
}

// endSearch commits the move a search found, or gives the job back.
func (s *Server) endSearch(sr room.Search, j store.Job, text string, err error) {
	outcome, err := sr.Finish(j, text, err)
	switch outcome {
	case "released":
		s.releaseJob(j, outcome, s.cfg.Clock.Now())
	case "retry":
		s.releaseJob(j, outcome, s.retryAt(j))
	default:
		s.endJob(j, outcome, err)
	}
}

// renewLease renews j's lease every third of a lease until stop is
// called, and cancels the search if the lease is lost.
func (s *Server) renewLease(ctx context.Context, cancel context.CancelFunc, j store.Job) (stop func()) {
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(s.cfg.AILease / 3)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
			}
			err := s.cfg.Store.RenewJob(ctx, j, s.owner, s.cfg.Clock.Now().Add(s.cfg.AILease))
			if errors.Is(err, store.ErrLeaseLost) {
				cancel()
				return
			}
			if err != nil && ctx.Err() == nil {
				s.log.Warn("cannot renew an AI move's lease; searching on", "game", j.GameID, "err", err)
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
func (s *Server) retryAt(j store.Job) time.Time {
	d := s.cfg.AIRetry
	for i := 1; i < j.Attempts && d < s.cfg.AILease; i++ {
		d *= 2
	}
	return s.cfg.Clock.Now().Add(min(d, s.cfg.AILease))
}

// releaseJob gives j back to the queue, due at due. The server may be
// closing, so it does not use s.ctx; if it fails, the lease expires.
func (s *Server) releaseJob(j store.Job, outcome string, due time.Time) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := s.cfg.Store.ReleaseJob(ctx, j, s.owner, due)
	s.endJob(j, outcome, err)
	if err == nil {
		// Claim it when due rather than at the next poll, perhaps far.
		time.AfterFunc(due.Sub(s.cfg.Clock.Now()), s.pool.nudge)
	}
}

// endJob counts a job's outcome; a job another server took meanwhile is
// counted as lost.
func (s *Server) endJob(j store.Job, outcome string, err error) {
	switch {
	case errors.Is(err, store.ErrLeaseLost):
		outcome = "lost"
	case err != nil:
		s.log.Warn("AI job not updated; its lease will expire", "game", j.GameID, "outcome", outcome, "err", err)
	}
	s.metrics.aiJobs.WithLabelValues(outcome).Inc()
}

// think asks the Mover for a move within the time budget. A Mover that
// fails gets replaced by a random legal move so that a game never stalls
// on an AI error.
func (s *Server) think(ctx context.Context, name string, pos game.State, level int) (string, error) {
	budget, cancel := context.WithTimeout(ctx, s.cfg.AIMoveTime)
	defer cancel()
	m, err := s.cfg.Mover.Move(budget, name, pos.Clone(), level)
	if ctx.Err() != nil {
		return "", ctx.Err()
	}
	if err == nil && !legal(pos, m) {
		err = errors.New("server: the AI chose an illegal move")
	}
	if err != nil {
		s.log.Error("AI failed, playing a random move", "game", name, "level", level, "err", err)
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
