package server

import (
	"context"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/notify"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/store"
)

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
