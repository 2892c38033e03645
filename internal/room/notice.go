package room

import (
	"context"

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

// Turn is a turn owed by a human who is not watching (Events.TurnNotes).
type Turn struct {
	Player  string // the player to tell
	Game    string // the game's id
	Version int64
	Info    Notice
}

// turnNotes returns the notes owed for u, the change about to be
// written, when it makes it a human's turn (not when the same seat stays
// to act, as through an Abraxas take or a draw offer) and no WebSocket
// of theirs watches the game, here or on another server (its lease says
// so). A player holding both seats (a game on one device) is not told.
// The change writes them in its own transaction (store.Update.Notes), so
// that no crash after the commit loses them. The caller holds h.mu.
func (h *Room) turnNotes(ctx context.Context, u store.Update) []store.Note {
	if u.Result != store.Ongoing || u.ToAct < 0 || u.ToAct == int(h.state.ToAct()) {
		return nil
	}
	seat := game.Player(u.ToAct)
	if h.rec.Seats[seat].Kind != store.Human || h.connected(int(seat)) {
		return nil
	}
	player := seatPlayer(h.rec, seat)
	if player == "" || player == seatPlayer(h.rec, 1-seat) {
		return nil
	}
	return h.hb.cfg.Events.TurnNotes(ctx, Turn{Player: player, Game: h.id, Version: u.Version + 1,
		Info: Notice{Title: h.info.Title, Name: h.nameOf(seat), Opponent: h.nameOf(1 - seat), Plies: u.Keep + len(u.Append),
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
