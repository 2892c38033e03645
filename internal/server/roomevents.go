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

// TurnOwed writes the turn's note in the background, so that the move's
// answer does not wait.
func (e roomEvents) TurnOwed(t room.Turn) {
	s := e.s
	n := s.cfg.Notifier
	if n == nil {
		return
	}
	s.goBackground(func() {
		if err := n.Turn(s.ctx, t.Player, t.Game, t.Version, notifyInfo(t.Info)); err != nil && s.ctx.Err() == nil {
			s.log.Warn("turn notification", "game", t.Game, "err", err)
		}
	})
}

// AIOwed wakes the AI pool, which claims the move if a worker is free.
func (e roomEvents) AIOwed() { e.s.pool.Nudge() }

// PresenceChanged makes the lobby loop write the presence leases now.
func (e roomEvents) PresenceChanged() { e.s.lobby.Poke() }

// Moved counts a change in the metrics.
func (e roomEvents) Moved(by string, plies int) { e.s.metrics.countMove(by, plies) }

// SeatNames names the players of a game's seats.
func (e roomEvents) SeatNames(ctx context.Context, st [2]store.Seat) [2]*api.PlayerRef {
	return e.s.seatNames(ctx, st)
}

func notifyInfo(n room.Notice) notify.Info {
	return notify.Info{Title: n.Title, Name: n.Name, Opponent: n.Opponent, Plies: n.Plies, RealTime: n.RealTime}
}
