package server

import (
	"errors"
	"net/http"

	"github.com/plateau-games/plateau/internal/bots"
	"github.com/plateau-games/plateau/internal/friends"
	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/notify"
	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/seats"
	"github.com/plateau-games/plateau/internal/settings"
	"github.com/plateau-games/plateau/internal/store"
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
	{room.ErrNoPlans, http.StatusConflict, "no_conditional"},
	{ErrClosing, http.StatusServiceUnavailable, "closing"},
	{ErrTimeout, http.StatusRequestTimeout, "timeout"},
	{ErrRateLimited, http.StatusTooManyRequests, "rate_limited"},
	{ErrMisdirected, http.StatusMisdirectedRequest, "host"},
	{ErrCrossOrigin, http.StatusForbidden, "cross_origin"},
	{lobby.ErrKindClash, http.StatusBadRequest, "seek_kind"},
	{lobby.ErrRatedUntimed, http.StatusBadRequest, "rated_untimed"},
	{lobby.ErrBadSeek, http.StatusBadRequest, "bad_seek"},
	{lobby.ErrGone, http.StatusConflict, "seek_gone"},
	{lobby.ErrOwnSeek, http.StatusConflict, "own_seek"},
	{lobby.ErrNotForYou, http.StatusForbidden, "not_for_you"},
	{lobby.ErrNoRematch, http.StatusConflict, "no_rematch"},
	// Seats (issue #13).
	{seats.ErrNoPlayer, http.StatusUnauthorized, "no_player"},
	{seats.ErrNoSeat, http.StatusForbidden, "no_seat"},
	{seats.ErrNotYours, http.StatusForbidden, "not_yours"},
	{seats.ErrTaken, http.StatusConflict, "seat_taken"},
	{seats.ErrOwnInvite, http.StatusConflict, "own_invite"},
	{seats.ErrNoInvite, http.StatusConflict, "no_invite"},
	{seats.ErrTooManyKeys, http.StatusConflict, "too_many_keys"},
	{store.ErrNoKey, http.StatusNotFound, "no_key"},
	// Identity (internal/players): the reasons are players.Code's.
	{players.ErrBadName, http.StatusUnprocessableEntity, "name_invalid"},
	{players.ErrReservedName, http.StatusUnprocessableEntity, "name_reserved"},
	{players.ErrNameTaken, http.StatusConflict, "name_taken"},
	{players.ErrWeakPassword, http.StatusUnprocessableEntity, "password_invalid"},
	{players.ErrBadCredentials, http.StatusUnauthorized, "bad_credentials"},
	{players.ErrThrottled, http.StatusTooManyRequests, "throttled"},
	{players.ErrNotAccount, http.StatusForbidden, "not_account"},
	{players.ErrAlreadyAccount, http.StatusConflict, "already_account"},
	{players.ErrNoSession, http.StatusUnauthorized, "no_session"},
	{players.ErrNotFound, http.StatusNotFound, "player_not_found"},
	{notify.ErrUnsafeURL, http.StatusBadRequest, "notify_url"},
	{notify.ErrBadEmail, http.StatusBadRequest, "notify_email"},
	{notify.ErrBadSettings, http.StatusBadRequest, "notify_settings"},
	{notify.ErrBadSubscription, http.StatusBadRequest, "notify_subscription"},
	{players.ErrPasskey, http.StatusUnauthorized, "passkey_failed"},
	{store.ErrPasskeyTaken, http.StatusConflict, "passkey_taken"},
	{players.ErrLastCredential, http.StatusConflict, "last_credential"},
	{settings.ErrBad, http.StatusUnprocessableEntity, "settings_invalid"},
	{friends.ErrSelf, http.StatusUnprocessableEntity, "follow_self"},
	{friends.ErrNotFound, http.StatusNotFound, "follow_not_found"},
	{friends.ErrTooMany, http.StatusConflict, "too_many_follows"},
	// Bots (issue #29).
	{bots.ErrNotAccount, http.StatusForbidden, "bot_not_account"},
	{bots.ErrRatedGames, http.StatusConflict, "rated_games"},
	{bots.ErrAlreadyBot, http.StatusConflict, "already_bot"},
	{bots.ErrNotBot, http.StatusForbidden, "not_bot"},
	{bots.ErrHumanOnly, http.StatusForbidden, "bot_api_only"},
	{bots.ErrTooManyStreams, http.StatusTooManyRequests, "too_many_streams"},
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
