package room

import (
	"errors"
	"fmt"

	"github.com/plateau-games/plateau/game"
)

// The reasons the rooms refuse a request, checked with errors.Is. Every
// refusal wraps exactly one of them (or one of the HTTP edge's own); the
// edge turns each into a status and the short reason the metrics count.
var (
	// ErrMalformed: the request cannot be understood (bad JSON, a missing
	// field, a move or position string that does not parse, a bad game id).
	ErrMalformed = errors.New("room: malformed request")
	// ErrForbidden: no token, or a token of no seat of this game.
	ErrForbidden = errors.New("room: forbidden")
	// ErrNotFound: no such game, or no such endpoint.
	ErrNotFound = errors.New("room: not found")
	// ErrGameOver: the game is finished, by the rules or by the players.
	ErrGameOver = errors.New("room: game over")
	// ErrStale: the client has not seen the game as it is now.
	ErrStale = errors.New("room: stale")
	// ErrNotYourTurn: the seat is not the one to act.
	ErrNotYourTurn = errors.New("room: not your turn")
	// ErrNoOffer: no draw offer to accept or decline.
	ErrNoOffer = errors.New("room: no draw offer")
	// ErrCannotUndo: no move of this seat may be taken back.
	ErrCannotUndo = errors.New("room: cannot undo")
	// ErrNoTakeBack: no take-back request to accept or decline.
	ErrNoTakeBack = errors.New("room: no take-back request")
	// ErrNoHint: a hint asked for in a game without an AI seat; hints
	// are for casual games against the AI.
	ErrNoHint = errors.New("room: no hints in this game")
	// ErrIllegal: a well-formed move the rules do not allow here; the
	// refusal also wraps the game's game.ErrIllegalMove.
	ErrIllegal = errors.New("room: illegal move")
	// ErrClosing: the server is shutting down.
	ErrClosing = errors.New("room: closing")
)

// refusal is a request the rooms (or the edge) turn down. msg is the
// sentence the client is shown, word for word; the refusal unwraps to
// why (one of the reasons above) and to the error that caused it, if
// any, such as a game.ErrIllegalMove from the rules engine.
type refusal struct {
	why   error
	cause error
	msg   string
	text  game.Text // msg in every language, when known
}

// Error returns the client's sentence, prefixed as Go errors are.
func (r *refusal) Error() string { return "room: " + r.msg }

// Unwrap returns the reason and the cause, for errors.Is and errors.As.
func (r *refusal) Unwrap() []error {
	if r.cause == nil {
		return []error{r.why}
	}
	return []error{r.why, r.cause}
}

// Refuse returns a refusal for reason why, telling the client the
// formatted sentence.
func Refuse(why error, format string, args ...any) error {
	return &refusal{why: why, msg: fmt.Sprintf(format, args...)}
}

// RefuseFor returns a refusal for reason why caused by err, telling the
// client err's own text (the rules engines' errors say what is wrong).
func RefuseFor(why, err error) error {
	return &refusal{why: why, cause: err, msg: err.Error()}
}

// RefuseExplained returns a refusal for reason why caused by err,
// telling the client the rule that refuses, in every language: text is
// a game's explanation (game.Explain), and when it is nil the client is
// told err's own text as RefuseFor does.
func RefuseExplained(why, err error, text game.Text) error {
	if text == nil {
		return RefuseFor(why, err)
	}
	return &refusal{why: why, cause: err, msg: text.In("en"), text: text}
}

// TextOf returns the sentence of err in every language, or nil when
// only the English message exists.
func TextOf(err error) game.Text {
	if r, ok := errors.AsType[*refusal](err); ok {
		return r.text
	}
	return nil
}

// Message returns the sentence the client is told about err: a
// refusal's own, or the error's text for anything else.
func Message(err error) string {
	if r, ok := errors.AsType[*refusal](err); ok {
		return r.msg
	}
	return err.Error()
}

// Refusals shared by several requests. Errors are values that nothing
// changes, so sharing them is safe.
var (
	// ErrNoSuchGame refuses a request for a game that does not exist.
	ErrNoSuchGame = Refuse(ErrNotFound, "no such game")
	// ErrNotASeat refuses a token of no seat of the game.
	ErrNotASeat = Refuse(ErrForbidden, "this token is not a seat of this game")
	// ErrOver refuses an action in a finished game.
	ErrOver = Refuse(ErrGameOver, "the game is over")
	// ErrShuttingDown refuses a request that comes while the server closes.
	ErrShuttingDown = Refuse(ErrClosing, "the server is shutting down")
	// ErrNoChange ends a decision that has nothing to write; callers
	// treat it as success.
	ErrNoChange = errors.New("room: no change")
)
