package server

import (
	"context"
	"errors"
	"net/http"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/store"
)

// seatOf returns the player whose token this is; the caller holds h.mu.
func (h *hub) seatOf(token string) (game.Player, error) {
	if token == "" {
		return 0, errorf(http.StatusForbidden, "forbidden", "a token is needed")
	}
	for p, seat := range h.rec.Seats {
		if seat.Kind == store.Human && tokenMatches(token, seat.TokenHash) {
			return game.Player(p), nil
		}
	}
	return 0, errForbidden
}

// move plays a human's move, checked in the order docs/api.md gives. A
// client that has seen another number of moves than this process holds
// may have seen the game through another server (a move, or an undo):
// the game is read again before judging.
func (h *hub) move(ctx context.Context, token, text string, seen int) error {
	if seen != len(h.rec.Moves) {
		if err := h.reload(context.WithoutCancel(ctx)); err != nil {
			return err
		}
	}
	return h.mutate(ctx, func() (change, error) {
		if _, err := h.state.ParseMove(text); err != nil {
			return change{}, errorf(http.StatusBadRequest, "malformed", "%v", err)
		}
		p, err := h.seatOf(token)
		if err != nil {
			return change{}, err
		}
		switch {
		case h.over():
			return change{}, errGameOver
		case seen != len(h.rec.Moves):
			return change{}, errorf(http.StatusConflict, "stale", "stale move: the game has %d moves, the client has seen %d", len(h.rec.Moves), seen)
		case h.state.ToAct() != p:
			return change{}, errorf(http.StatusConflict, "turn", "it is not your turn")
		}
		return h.play(text, "human")
	})
}

// play checks a move against the rules and returns the change that
// stores it; the state is left as it was.
func (h *hub) play(text, by string) (change, error) {
	p := h.state.ToAct()
	m, err := game.PlayChecked(h.state, text)
	switch {
	case errors.Is(err, game.ErrIllegalMove):
		return change{}, errorf(http.StatusUnprocessableEntity, "illegal", "%v", err)
	case errors.Is(err, game.ErrGameOver):
		return change{}, errGameOver
	case err != nil:
		return change{}, errorf(http.StatusBadRequest, "malformed", "%v", err)
	}
	r, reason := h.state.Result(), h.state.Reason()
	next := h.state.ToAct()
	h.state.Undo()
	u := h.base()
	u.Append = []store.Move{{Text: h.state.FormatMove(m), Player: int(p)}}
	u.DrawOffer = store.NoOffer // a move answers any draw offer
	if r != game.Ongoing {
		u.Result, u.Reason = r.String(), reason
	}
	u.AIToAct = r == game.Ongoing && h.rec.Seats[next].Kind == store.AI
	return change{update: u, by: by}, nil
}

// resign ends the game with a win for the token seat's opponent.
func (h *hub) resign(ctx context.Context, token string) error {
	return h.mutate(ctx, func() (change, error) {
		p, err := h.seatOf(token)
		if err != nil {
			return change{}, err
		}
		if h.over() {
			return change{}, errGameOver
		}
		u := h.base()
		u.Result, u.Reason, u.DrawOffer = game.Win(p.Other()).String(), "resignation", store.NoOffer
		return change{update: u}, nil
	})
}

// draw offers, accepts or declines a draw.
func (h *hub) draw(ctx context.Context, token, action string) error {
	return h.mutate(ctx, func() (change, error) {
		p, err := h.seatOf(token)
		if err != nil {
			return change{}, err
		}
		if h.over() {
			return change{}, errGameOver
		}
		u := h.base()
		offer := h.rec.DrawOffer
		switch {
		case action == "offer" && h.rec.Seats[p.Other()].Kind == store.AI:
			return change{}, errNoChange // an AI declines at once
		case action == "offer":
			u.DrawOffer = int(p)
		case action == "accept" && offer == int(p.Other()):
			u.Result, u.Reason, u.DrawOffer = game.Draw.String(), "draw agreed", store.NoOffer
		case action == "decline" && offer != store.NoOffer:
			u.DrawOffer = store.NoOffer
		default:
			return change{}, errorf(http.StatusConflict, "no_offer", "no draw offer from the opponent to %s", action)
		}
		if u.DrawOffer == offer && u.Result == h.rec.Result {
			return change{}, errNoChange
		}
		return change{update: u}, nil
	})
}

// errNoChange ends a mutation that has nothing to write; callers treat
// it as success.
var errNoChange = errors.New("server: no change")

// undo takes back the token seat's last move and the AI's answers.
func (h *hub) undo(ctx context.Context, token string) error {
	return h.mutate(ctx, func() (change, error) {
		p, err := h.seatOf(token)
		if err != nil {
			return change{}, err
		}
		switch {
		case h.rec.Seats[p.Other()].Kind != store.AI:
			return change{}, errorf(http.StatusConflict, "undo", "undo is only for games against an AI")
		case h.rec.Reason == "resignation" || h.rec.Reason == "draw agreed":
			return change{}, errorf(http.StatusConflict, "undo", "the game ended by %s", h.rec.Reason)
		}
		keep := -1
		for i, m := range h.rec.Moves {
			if m.Player == int(p) {
				keep = i
			}
		}
		if keep < 0 {
			return change{}, errorf(http.StatusConflict, "undo", "you have no move to take back")
		}
		// A turn may be several moves in a row (Abraxas): take it all back.
		for keep > 0 && h.rec.Moves[keep-1].Player == int(p) {
			keep--
		}
		h.cancelAI()
		return change{update: store.Update{Keep: keep, TakeBack: true, Result: store.Ongoing, DrawOffer: store.NoOffer}}, nil
	})
}
