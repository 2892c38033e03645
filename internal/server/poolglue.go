package server

import (
	"github.com/plateau-games/plateau/internal/room/aipool"
)

// newPool builds the AI pool over the server's store, rooms and metrics.
func (s *Server) newPool() *aipool.Pool {
	return aipool.New(s.ctx, aipool.Config{Store: s.cfg.Store, Rooms: s.rooms, Mover: s.cfg.Mover, Clock: s.cfg.Clock,
		Metrics: s.metrics, Tasks: serverTasks{s}, Log: s.log, Owner: s.owner, Workers: s.cfg.AIWorkers,
		Lease: s.cfg.AILease, Retry: s.cfg.AIRetry, MoveTime: s.cfg.AIMoveTime, MinDelay: s.cfg.AIMinDelay})
}

// serverTasks runs the pool's goroutines as the server's own, which
// Close waits for (aipool.Tasks).
type serverTasks struct{ s *Server }

// Go implements aipool.Tasks.
func (t serverTasks) Go(fn func()) bool {
	if !t.s.startTask() {
		return false
	}
	go func() {
		defer t.s.wg.Done()
		fn()
	}()
	return true
}
