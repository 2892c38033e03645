package server

import (
	"errors"
	"fmt"

	"github.com/plateau-games/plateau/game"
)

// The reasons the room logic refuses a request, checked with errors.Is.
// Every refusal wraps exactly one of them; httpStatus, at the HTTP edge,
// turns each into a status and the short reason the metrics count.
var (
	// ErrMalformed: the request cannot be understood (bad JSON, a missing
	// field, a move or position string that does not parse, a bad game id).
	ErrMalformed = errors.New("server: malformed request")
	// ErrTooLarge: the request body is over the size limit.
	ErrTooLarge = errors.New("server: request too large")
	// ErrForbidden: no token, or a token of no seat of this game.
	ErrForbidden = errors.New("server: forbidden")
	// ErrNotFound: no such game, or no such endpoint.
	ErrNotFound = errors.New("server: not found")
	// ErrMethodNotAllowed: a static file asked for with a method other
	// than GET or HEAD.
	ErrMethodNotAllowed = errors.New("server: method not allowed")
	// ErrGameOver: the game is finished, by the rules or by the players.
	ErrGameOver = errors.New("server: game over")
	// ErrStale: the client has not seen the game as it is now.
	ErrStale = errors.New("server: stale")
	// ErrNotYourTurn: the seat is not the one to act.
	ErrNotYourTurn = errors.New("server: not your turn")
	// ErrNoOffer: no draw offer to accept or decline.
	ErrNoOffer = errors.New("server: no draw offer")
	// ErrCannotUndo: no move of this seat may be taken back.
	ErrCannotUndo = errors.New("server: cannot undo")
	// ErrNoTakeBack: no take-back request to accept or decline.
	ErrNoTakeBack = errors.New("server: no take-back request")
	// ErrNoHint: a hint asked for in a game without an AI seat; hints
	// are for casual games against the AI.
	ErrNoHint = errors.New("server: no hints in this game")
	// ErrIllegal: a well-formed move the rules do not allow here; the
	// refusal also wraps the game's game.ErrIllegalMove.
	ErrIllegal = errors.New("server: illegal move")
	// ErrClosing: the server is shutting down.
	ErrClosing = errors.New("server: closing")
	// ErrTimeout: the request body did not arrive in time.
	ErrTimeout = errors.New("server: request timeout")
	// ErrRateLimited: the client sent more requests of a kind than its
	// allowance; the answer says when to try again.
	ErrRateLimited = errors.New("server: rate limited")
	// ErrMisdirected: the request names a host this server does not
	// answer for (--public-url).
	ErrMisdirected = errors.New("server: misdirected request")
	// ErrCrossOrigin: a state-changing request from another site.
	ErrCrossOrigin = errors.New("server: cross-origin request")
)

// refusal is a request the server turns down. msg is the sentence the
// client is shown, word for word; the refusal unwraps to why (one of the
// reasons above) and to the error that caused it, if any, such as a
// game.ErrIllegalMove from the rules engine.
type refusal struct {
	why   error
	cause error
	msg   string
	text  game.Text // msg in every language, when known
}

// Error returns the client's sentence, prefixed as Go errors are.
func (r *refusal) Error() string { return "server: " + r.msg }

// Unwrap returns the reason and the cause, for errors.Is and errors.As.
func (r *refusal) Unwrap() []error {
	if r.cause == nil {
		return []error{r.why}
	}
	return []error{r.why, r.cause}
}

// refuse returns a refusal for reason why, telling the client the
// formatted sentence.
func refuse(why error, format string, args ...any) error {
	return &refusal{why: why, msg: fmt.Sprintf(format, args...)}
}

// refuseFor returns a refusal for reason why caused by err, telling the
// client err's own text (the rules engines' errors say what is wrong).
func refuseFor(why, err error) error {
	return &refusal{why: why, cause: err, msg: err.Error()}
}

// refuseExplained returns a refusal for reason why caused by err, telling
// the client the rule that refuses, in every language: text is a game's
// explanation (game.Explain), and when it is nil the client is told err's
// own text as refuseFor does.
func refuseExplained(why, err error, text game.Text) error {
	if text == nil {
		return refuseFor(why, err)
	}
	return &refusal{why: why, cause: err, msg: text.In("en"), text: text}
}

// textOf returns the sentence of err in every language, or nil when only
// the English message exists.
func textOf(err error) game.Text {
	if r, ok := errors.AsType[*refusal](err); ok {
		return r.text
	}
	return nil
}

// message returns the sentence the client is told about err: a refusal's
// own, or the error's text for anything else.
func message(err error) string {
	if r, ok := errors.AsType[*refusal](err); ok {
		return r.msg
	}
	return err.Error()
}

// Refusals shared by several requests. Errors are values that nothing
// changes, so sharing them is safe.
var (
	errNoGame   = refuse(ErrNotFound, "no such game")
	errNotASeat = refuse(ErrForbidden, "this token is not a seat of this game")
	errOver     = refuse(ErrGameOver, "the game is over")
	errClosing  = refuse(ErrClosing, "the server is shutting down")
)
