package server

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/store"
)

func TestHTTPStatus(t *testing.T) {
	t.Parallel()
	illegal := fmt.Errorf("game: %w %q in %s", game.ErrIllegalMove, "b2", "3/1X1/3 o")
	badMove := fmt.Errorf("tictactoe: %w %q", game.ErrBadMove, "z9")
	for _, tc := range []struct {
		name   string
		err    error
		status int
		reason string
	}{
		{"malformed", refuse(ErrMalformed, "bad JSON body"), 400, "malformed"},
		{"bad move string", refuseFor(ErrMalformed, badMove), 400, "malformed"},
		{"too large", refuse(ErrTooLarge, "request body over %d bytes", maxBody), 413, "too_large"},
		{"no token", refuse(ErrForbidden, "a token is needed"), 403, "forbidden"},
		{"not a seat", errNotASeat, 403, "forbidden"},
		{"no game", errNoGame, 404, "not_found"},
		{"no endpoint", refuse(ErrNotFound, "no such endpoint"), 404, "not_found"},
		{"method", refuse(ErrMethodNotAllowed, "method PUT not allowed"), 405, "method"},
		{"game over", errOver, 409, "game_over"},
		{"stale", refuse(ErrStale, "stale move"), 409, "stale"},
		{"stale, wrapped again", fmt.Errorf("server: game g1: %w", refuse(ErrStale, "stale move")), 409, "stale"},
		{"stale, plain wrap", fmt.Errorf("server: stale move: the game has 3 moves, the client has seen 1: %w", ErrStale), 409, "stale"},
		{"not your turn", refuse(ErrNotYourTurn, "it is not your turn"), 409, "turn"},
		{"no offer", refuse(ErrNoOffer, "no draw offer"), 409, "no_offer"},
		{"undo", refuse(ErrCannotUndo, "you have no move to take back"), 409, "undo"},
		{"no hint", refuse(ErrNoHint, "hints are only given in games against the AI"), 409, "no_hint"},
		{"illegal", refuseFor(ErrIllegal, illegal), 422, "illegal"},
		{"closing", errClosing, 503, "closing"},
		// Errors nobody refused are failures, even when they wrap a game's
		// error: a stored game that no longer replays is not the client's fault.
		{"stored move no longer legal", fmt.Errorf("server: game g1: replaying ply 3: %w", illegal), 500, "internal"},
		{"store not found, unmapped", store.ErrNotFound, 500, "internal"},
		{"store failure", errors.New("store: disk on fire"), 500, "internal"},
		{"cancelled", context.Canceled, 500, "internal"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			status, reason := httpStatus(tc.err)
			if status != tc.status || reason != tc.reason {
				t.Errorf("httpStatus(%v): got %d %q, want %d %q", tc.err, status, reason, tc.status, tc.reason)
			}
		})
	}
}

func TestStatusesCoverEveryReason(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, s := range statuses {
		if s.status < 400 || s.status >= 600 || s.reason == "" || seen[s.reason] {
			t.Errorf("statuses: %v: got status %d reason %q, want an error status and a reason", s.err, s.status, s.reason)
		}
		seen[s.reason] = true
		if got, _ := httpStatus(fmt.Errorf("wrapped: %w", s.err)); got != s.status {
			t.Errorf("%v wrapped: got %d, want %d (an earlier entry shadows it)", s.err, got, s.status)
		}
	}
}

func TestRefusalKeepsItsCause(t *testing.T) {
	t.Parallel()
	illegal := fmt.Errorf("game: %w %q", game.ErrIllegalMove, "b2")
	err := refuseFor(ErrIllegal, illegal)
	if !errors.Is(err, ErrIllegal) || !errors.Is(err, game.ErrIllegalMove) || errors.Is(err, ErrMalformed) {
		t.Errorf("got an error that is ErrIllegal %v, game.ErrIllegalMove %v, ErrMalformed %v; want true, true, false",
			errors.Is(err, ErrIllegal), errors.Is(err, game.ErrIllegalMove), errors.Is(err, ErrMalformed))
	}
	if got, want := message(err), `game: illegal move "b2"`; got != want {
		t.Errorf("message: got %q, want %q", got, want)
	}
	if got, want := err.Error(), `server: game: illegal move "b2"`; got != want {
		t.Errorf("Error: got %q, want %q", got, want)
	}
	if got, want := message(fmt.Errorf("server: load: %w", refuse(ErrStale, "seen %d", 3))), "seen 3"; got != want {
		t.Errorf("message of a wrapped refusal: got %q, want %q", got, want)
	}
	if got, want := message(errors.New("store: disk on fire")), "store: disk on fire"; got != want {
		t.Errorf("message of a plain error: got %q, want %q", got, want)
	}
}
