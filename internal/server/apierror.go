package server

import (
	"errors"
	"net/http"

	"github.com/plateau-games/plateau/internal/lobby"
)

// statuses is the one place the room logic's reasons meet HTTP: the
// status each is answered with, and the reason the rejection metric
// counts (clients and dashboards read both, so neither may change).
var statuses = []struct {
	err    error
	status int
	reason string
}{
	{ErrMalformed, http.StatusBadRequest, "malformed"},
	{ErrTooLarge, http.StatusRequestEntityTooLarge, "too_large"},
	{ErrForbidden, http.StatusForbidden, "forbidden"},
	{ErrNotFound, http.StatusNotFound, "not_found"},
	{ErrMethodNotAllowed, http.StatusMethodNotAllowed, "method"},
	{ErrGameOver, http.StatusConflict, "game_over"},
	{ErrStale, http.StatusConflict, "stale"},
	{ErrNotYourTurn, http.StatusConflict, "turn"},
	{ErrNoOffer, http.StatusConflict, "no_offer"},
	{ErrCannotUndo, http.StatusConflict, "undo"},
	{ErrNoTakeBack, http.StatusConflict, "no_takeback"},
	{ErrNoHint, http.StatusConflict, "no_hint"},
	{ErrIllegal, http.StatusUnprocessableEntity, "illegal"},
	{ErrClosing, http.StatusServiceUnavailable, "closing"},
	{ErrTimeout, http.StatusRequestTimeout, "timeout"},
	{ErrRateLimited, http.StatusTooManyRequests, "rate_limited"},
	{ErrMisdirected, http.StatusMisdirectedRequest, "host"},
	{ErrCrossOrigin, http.StatusForbidden, "cross_origin"},
	{lobby.ErrBadSeek, http.StatusBadRequest, "bad_seek"},
	{lobby.ErrGone, http.StatusConflict, "seek_gone"},
	{lobby.ErrOwnSeek, http.StatusConflict, "own_seek"},
	{lobby.ErrNotForYou, http.StatusForbidden, "not_for_you"},
	{lobby.ErrNoPlayer, http.StatusNotFound, "no_player"},
	{lobby.ErrNoRematch, http.StatusConflict, "no_rematch"},
}

// httpStatus returns the HTTP status and metrics reason of an error from
// the room logic; anything it does not know is a server failure.
func httpStatus(err error) (status int, reason string) {
	for _, s := range statuses {
		if errors.Is(err, s.err) {
			return s.status, s.reason
		}
	}
	return http.StatusInternalServerError, "internal"
}
