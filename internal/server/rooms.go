package server

import (
	"context"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/notify"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/room/aipool"
	"github.com/plateau-games/plateau/internal/store"
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

// RandomMover plays a uniformly random legal move at every level
// (aipool.RandomMover), labelled "random stand-in" in the catalog.
type RandomMover = aipool.RandomMover

// RandomMoverName is how the catalog labels RandomMover.
const RandomMoverName = aipool.RandomMoverName

// LevelDescriber is a Mover that says itself what its levels do, when
// it plays them otherwise than ai.Level says (agent.KeptMover's top
// strength): the catalog then shows its words, not ai.Describe's.
type LevelDescriber interface {
	Describe(gameID string, level int) (game.Text, error)
}

// roomEvents is how the rooms tell the server what happened
// (room.Events): notes, the AI queue, the lobby loop, the metrics.
type roomEvents struct{ s *Server }

// TurnNotes returns the turn's notes, which the move's change writes in
// its own transaction: a crash after the commit cannot lose them.
func (e roomEvents) TurnNotes(ctx context.Context, t room.Turn) []store.Note {
	s := e.s
	n := s.cfg.Notifier
	if n == nil {
		return nil
	}
	notes, err := n.Notes(ctx, notify.Event{Kind: notify.KindTurn, Player: t.Player, Game: t.Game, Version: t.Version, Info: notifyInfo(t.Info)})
	if err != nil {
		s.log.Warn("turn notification", "game", t.Game, "err", err)
		return nil
	}
	return notes
}

// TurnNoted wakes the notifier, which sends the notes a change wrote.
func (e roomEvents) TurnNoted() {
	if e.s.cfg.Notifier != nil {
		e.s.cfg.Notifier.Wake()
	}
}

// AIOwed wakes the AI pool, which claims the move if a worker is free.
func (e roomEvents) AIOwed() { e.s.pool.Nudge() }

// PresenceChanged makes the lobby loop write the presence leases now.
func (e roomEvents) PresenceChanged() { e.s.lobby.Poke() }

// Moved counts a change in the metrics.
func (e roomEvents) Moved(by string, plies int) { e.s.metrics.CountMove(by, plies) }

// SeatNames names the players of a game's seats.
func (e roomEvents) SeatNames(ctx context.Context, st [2]store.Seat) [2]*api.PlayerRef {
	return e.s.seatNames(ctx, st)
}

func notifyInfo(n room.Notice) notify.Info {
	return notify.Info{Title: n.Title, Name: n.Name, Opponent: n.Opponent, Plies: n.Plies, RealTime: n.RealTime}
}
