package room

import (
	"context"
	"errors"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/store"
)

// ReasonDeadline ends a game still going when its tournament round's
// hard deadline passed: the player to act loses, as the tournament
// scored it.
const ReasonDeadline = "round deadline"

// EndAtDeadline ends the game with a loss for the player to act, for a
// tournament round whose hard deadline passed, and returns the game's
// result and reason as stored: the deadline's, or the end the game
// already had (a move or a resignation that came first wins the race;
// the compare-and-set decides, so two servers end it once).
func (h *Room) EndAtDeadline(ctx context.Context) (result, reason string, err error) {
	err = h.mutate(ctx, func() (change, error) {
		if h.over() {
			return change{}, ErrOver
		}
		u := h.base()
		u.Result, u.Reason = game.Win(h.state.ToAct().Other()).String(), ReasonDeadline
		u.DrawOffer, u.TakeBackBy = store.NoOffer, store.NoOffer
		return change{update: u}, nil
	})
	if err != nil && !errors.Is(err, ErrOver) {
		return "", "", err
	}
	return h.rec.Result, h.rec.Reason, nil
}
