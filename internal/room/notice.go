package room

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/clock"
	"github.com/plateau-games/plateau/internal/store"
)

// Notice is what a note to a player says of a game: its title, the
// player's and the opponent's names, the moves played, whether its
// clock is real-time.
type Notice struct {
	Title    string
	Name     string
	Opponent string
	Plies    int
	RealTime bool
}

// Turn is a turn owed by a human who is not watching (Events.TurnOwed).
type Turn struct {
	Player  string // the player to tell
	Game    string // the game's id
	Version int64
	Info    Notice
}

// noticeTurn tells Events that a human is to act after a change, when
// the change made it their turn (not when the same seat stays to act,
// as through an Abraxas take or a draw offer) and no WebSocket of
// theirs watches the game, here or on another server (its lease says
// so). A player holding both seats (a game on one device) is not told.
// The caller holds h.mu.
func (h *Room) noticeTurn(before game.Player) {
	if h.over() {
		return
	}
	seat := h.state.ToAct()
	if seat == before || h.rec.Seats[seat].Kind != store.Human || h.connected(int(seat)) {
		return
	}
	player := seatPlayer(h.rec, seat)
	if player == "" || player == seatPlayer(h.rec, 1-seat) {
		return
	}
	h.hb.cfg.Events.TurnOwed(Turn{Player: player, Game: h.id, Version: h.rec.Version,
		Info: Notice{Title: h.info.Title, Name: h.nameOf(seat), Opponent: h.nameOf(1 - seat), Plies: len(h.rec.Moves),
			RealTime: h.control().Kind == clock.RealTime}})
}

// seatPlayer is the id of the player sitting in seat, "" if none.
func seatPlayer(rec store.Game, seat game.Player) string { return rec.Seats[seat].Player }

// nameOf is the public name of the player in seat, "" if unknown; the
// caller holds h.mu.
func (h *Room) nameOf(seat game.Player) string {
	if r := h.names[seat]; r != nil {
		return r.Name
	}
	return ""
}
