package room

import (
	"context"
	"errors"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/seats"
	"github.com/plateau-games/plateau/internal/store"
)

// Caller is who acts in a game: a seat token (a program without an
// identity, a client from before players), a player (a session, an API
// key), or both.
type Caller struct {
	Token  string
	Player string
}

// SeatOf returns the seat c acts for; the caller holds h.mu. A player
// who holds both seats (a game at one device) acts for prefer.
func (h *Room) SeatOf(c Caller, prefer game.Player) (game.Player, error) {
	if c.Token == "" && c.Player == "" {
		return 0, Refuse(ErrForbidden, "a token is needed")
	}
	st := h.seats()
	for p, seat := range st {
		if seats.Acts(seat, c.Token) {
			return game.Player(p), nil
		}
	}
	switch mine := seats.Mine(st, c.Player); len(mine) {
	case 1:
		return game.Player(mine[0]), nil
	case 2:
		return prefer, nil
	}
	return 0, ErrNotASeat
}

// Move plays a human's move, checked in the order docs/api.md gives. A
// client that has seen another number of moves than this process holds
// may have seen the game through another server (a move, or an undo):
// the game is read again before judging.
func (h *Room) Move(ctx context.Context, c Caller, text string, seen int) error {
	if seen != len(h.rec.Moves) {
		if err := h.reload(context.WithoutCancel(ctx)); err != nil {
			return err
		}
	}
	var step *planStep
	err := h.mutate(ctx, func() (change, error) {
		step = nil
		if _, err := h.state.ParseMove(text); err != nil {
			return change{}, RefuseFor(ErrMalformed, err)
		}
		p, err := h.SeatOf(c, h.state.ToAct())
		if err != nil {
			return change{}, err
		}
		switch {
		case h.over():
			return change{}, ErrOver
		case seen != len(h.rec.Moves):
			return change{}, Refuse(ErrStale, "stale move: the game has %d moves, the client has seen %d", len(h.rec.Moves), seen)
		case h.state.ToAct() != p:
			return change{}, Refuse(ErrNotYourTurn, "it is not your turn")
		}
		c, err := h.play(text, "human")
		if err != nil {
			return c, err
		}
		c, step = h.follow(ctx, c) // the opponent's planned reply, in the same update
		return c, nil
	})
	if err == nil {
		h.advance(context.WithoutCancel(ctx), step)
	}
	return err
}

// play checks a move against the rules and returns the change that
// stores it; the state is left as it was.
func (h *Room) play(text, by string) (change, error) {
	p := h.state.ToAct()
	m, err := game.PlayChecked(h.state, text)
	switch {
	case errors.Is(err, game.ErrIllegalMove):
		return change{}, RefuseExplained(ErrIllegal, err, game.Explain(h.state, text))
	case errors.Is(err, game.ErrGameOver):
		return change{}, ErrOver
	case err != nil:
		return change{}, RefuseFor(ErrMalformed, err)
	}
	r, reason := h.state.Result(), h.state.Reason()
	next := h.state.ToAct()
	h.state.Undo()
	u := h.base()
	u.Append = []store.Move{{Text: h.state.FormatMove(m), Player: int(p)}}
	u.DrawOffer, u.TakeBackBy = store.NoOffer, store.NoOffer // a move answers any offer
	if r != game.Ongoing {
		u.Result, u.Reason = r.String(), reason
	}
	u.AIToAct = r == game.Ongoing && h.rec.Seats[next].Kind == store.AI
	u.ToAct = int(next)
	if r != game.Ongoing {
		u.ToAct = -1
	}
	return change{update: u, by: by}, nil
}

// Resign ends the game with a win for the token seat's opponent.
func (h *Room) Resign(ctx context.Context, c Caller) error {
	return h.mutate(ctx, func() (change, error) {
		p, err := h.SeatOf(c, h.state.ToAct())
		if err != nil {
			return change{}, err
		}
		if h.over() {
			return change{}, ErrOver
		}
		u := h.base()
		u.Result, u.Reason, u.DrawOffer = game.Win(p.Other()).String(), "resignation", store.NoOffer
		u.TakeBackBy = store.NoOffer
		return change{update: u}, nil
	})
}

// Draw offers, accepts or declines a draw. An AI seat declines an offer
// at once; a decline by the opponent is news in the next view.
func (h *Room) Draw(ctx context.Context, c Caller, action string) error {
	return h.mutate(ctx, func() (change, error) {
		p, err := h.SeatOf(c, h.state.ToAct())
		if err != nil {
			return change{}, err
		}
		if h.over() {
			return change{}, ErrOver
		}
		u := h.base()
		offer := h.rec.DrawOffer
		switch {
		case action == "offer" && h.rec.Seats[p.Other()].Kind == store.AI:
			u.DrawOffer, u.Declined, u.DeclinedBy = store.NoOffer, "draw", int(p.Other())
		case action == "offer" && offer == int(p):
			return change{}, ErrNoChange
		case action == "offer":
			u.DrawOffer = int(p)
		case action == "accept" && offer == int(p.Other()):
			u.Result, u.Reason, u.DrawOffer = game.Draw.String(), "draw agreed", store.NoOffer
		case action == "decline" && offer == int(p.Other()):
			u.DrawOffer, u.Declined, u.DeclinedBy = store.NoOffer, "draw", int(p)
		case action == "decline" && offer == int(p):
			u.DrawOffer = store.NoOffer // withdrawn: nothing to tell
		default:
			return change{}, Refuse(ErrNoOffer, "no draw offer from the opponent to %s", action)
		}
		return change{update: u}, nil
	})
}

// Hint records that the token seat is about to be shown a hint: the
// client computes the engine's best move itself, but only after the
// server has marked the game, so that a hint cannot be hidden. Hints are
// for games against the AI, on the asker's own turn.
func (h *Room) Hint(ctx context.Context, c Caller) error {
	return h.mutate(ctx, func() (change, error) {
		p, err := h.SeatOf(c, h.state.ToAct())
		if err != nil {
			return change{}, err
		}
		switch {
		case h.rec.Seats[p.Other()].Kind != store.AI:
			return change{}, Refuse(ErrNoHint, "hints are only given in games against the AI")
		case h.rec.Clock.Control != "": // fair play (docs/moderation.md)
			return change{}, Refuse(ErrNoHint, "hints are not given in a timed game")
		case h.over():
			return change{}, ErrOver
		case h.state.ToAct() != p:
			return change{}, Refuse(ErrNotYourTurn, "it is not your turn")
		}
		u := h.base()
		u.Hint = true
		return change{update: u}, nil
	})
}

// Undo asks to take back the token seat's last turn, or accepts or
// declines the opponent's request. Against an AI, or from a client that
// holds both seats (other is the opponent's token), the take-back is
// made at once; between two people it waits for the opponent.
func (h *Room) Undo(ctx context.Context, who Caller, action, other string) error {
	return h.mutate(ctx, func() (change, error) {
		p, err := h.SeatOf(who, h.lastMover())
		if err != nil {
			return change{}, err
		}
		asked := h.rec.TakeBackBy
		switch {
		case action == "accept" && asked == int(p.Other()):
			c, err := h.takeBack(p.Other())
			if err == nil {
				h.cancelAI()
			}
			return c, err
		case action == "decline" && asked == int(p.Other()):
			u := h.base()
			u.TakeBackBy, u.Declined, u.DeclinedBy = store.NoOffer, "takeback", int(p)
			return change{update: u}, nil
		case action == "decline" && asked == int(p):
			u := h.base()
			u.TakeBackBy = store.NoOffer // withdrawn: nothing to tell
			return change{update: u}, nil
		case action == "accept" || action == "decline":
			return change{}, Refuse(ErrNoTakeBack, "no take-back request from the opponent to %s", action)
		}
		c, err := h.takeBack(p)
		switch {
		case err != nil:
			return change{}, err
		case h.rec.Seats[p.Other()].Kind == store.AI || h.holdsBoth(who, other):
			h.cancelAI()
			return c, nil
		case asked == int(p):
			return change{}, ErrNoChange
		}
		u := h.base()
		u.TakeBackBy = int(p)
		return change{update: u}, nil
	})
}

// holdsBoth reports whether c holds both seats: a player at one device,
// or a client presenting the other seat's token too.
func (h *Room) holdsBoth(c Caller, other string) bool {
	if len(seats.Mine(h.seats(), c.Player)) == 2 {
		return true
	}
	p, err := h.SeatOf(c, 0)
	if err != nil {
		return false
	}
	q, err := h.SeatOf(Caller{Token: other}, 0)
	return err == nil && q == p.Other()
}

// lastMover returns the player who moved last, the one a take-back
// at one device is for; the player to act before any move.
func (h *Room) lastMover() game.Player {
	if n := len(h.rec.Moves); n > 0 {
		return game.Player(h.rec.Moves[n-1].Player)
	}
	return h.state.ToAct()
}

// takeBack returns the change that takes back player p's last turn and
// every move after it (an AI's answers), if p may take it back. The
// caller cancels any AI search before making it.
func (h *Room) takeBack(p game.Player) (change, error) {
	switch h.rec.Reason {
	case "resignation", "draw agreed", reasonTimeOut, reasonAborted, ReasonDeadline:
		return change{}, Refuse(ErrCannotUndo, "the game ended by %s", h.rec.Reason)
	}
	// A game over stays over: taking back a loss by the rules reopened
	// it and let the level advice be gamed (issue 30, stumble 11).
	if h.over() {
		return change{}, Refuse(ErrCannotUndo, "a game that is over cannot be taken back")
	}
	keep := -1
	for i, m := range h.rec.Moves {
		if m.Player == int(p) {
			keep = i
		}
	}
	if keep < 0 {
		return change{}, Refuse(ErrCannotUndo, "you have no move to take back")
	}
	// A turn may be several moves in a row (Abraxas): take it all back.
	for keep > 0 && h.rec.Moves[keep-1].Player == int(p) {
		keep--
	}
	return change{update: store.Update{Keep: keep, TakeBack: true, Result: store.Ongoing,
		DrawOffer: store.NoOffer, TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer}}, nil
}
