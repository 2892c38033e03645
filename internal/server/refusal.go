package server

import (
	"errors"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/room"
)

// The reasons a request is refused, checked with errors.Is: the rooms'
// (package room) and the edge's own. Every refusal wraps exactly one of
// them; httpStatus, at the HTTP edge,
// turns each into a status and the short reason the metrics count.
var (
	// ErrMalformed: the request cannot be understood (bad JSON, a missing
	// field, a move or position string that does not parse, a bad game id).
	ErrMalformed = room.ErrMalformed
	// ErrTooLarge: the request body is over the size limit.
	ErrTooLarge = errors.New("server: request too large")
	// ErrForbidden: no token, or a token of no seat of this game.
	ErrForbidden = room.ErrForbidden
	// ErrNotFound: no such game, or no such endpoint.
	ErrNotFound = room.ErrNotFound
	// ErrMethodNotAllowed: a static file asked for with a method other
	// than GET or HEAD.
	ErrMethodNotAllowed = errors.New("server: method not allowed")
	// ErrGameOver: the game is finished, by the rules or by the players.
	ErrGameOver = room.ErrGameOver
	// ErrStale: the client has not seen the game as it is now.
	ErrStale = room.ErrStale
	// ErrNotYourTurn: the seat is not the one to act.
	ErrNotYourTurn = room.ErrNotYourTurn
	// ErrNoOffer: no draw offer to accept or decline.
	ErrNoOffer = room.ErrNoOffer
	// ErrCannotUndo: no move of this seat may be taken back.
	ErrCannotUndo = room.ErrCannotUndo
	// ErrNoTakeBack: no take-back request to accept or decline.
	ErrNoTakeBack = room.ErrNoTakeBack
	// ErrNoHint: a hint asked for in a game without an AI seat; hints
	// are for casual games against the AI.
	ErrNoHint = room.ErrNoHint
	// ErrIllegal: a well-formed move the rules do not allow here; the
	// refusal also wraps the game's game.ErrIllegalMove.
	ErrIllegal = room.ErrIllegal
	// ErrClosing: the server is shutting down.
	ErrClosing = room.ErrClosing
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

// edgeRefusal is a refusal the edge makes (room.Refuse's), named as
// the server's in logs; it unwraps to the room's refusal.
type edgeRefusal struct{ err error }

// Error returns the client's sentence, prefixed as Go errors are.
func (e edgeRefusal) Error() string { return "server: " + room.Message(e.err) }

// Unwrap returns the room's refusal, for errors.Is and errors.As.
func (e edgeRefusal) Unwrap() error { return e.err }

// refuse returns a refusal for reason why, telling the client the
// formatted sentence (room.Refuse).
func refuse(why error, format string, args ...any) error {
	return edgeRefusal{room.Refuse(why, format, args...)}
}

// refuseFor returns a refusal for reason why caused by err, telling the
// client err's own text (room.RefuseFor).
func refuseFor(why, err error) error { return edgeRefusal{room.RefuseFor(why, err)} }

// refuseExplained returns a refusal telling the rule that refuses, in
// every language (room.RefuseExplained).
func refuseExplained(why, err error, text game.Text) error {
	return room.RefuseExplained(why, err, text)
}

// textOf returns the sentence of err in every language, or nil when only
// the English message exists.
func textOf(err error) game.Text { return room.TextOf(err) }

// message returns the sentence the client is told about err.
func message(err error) string { return room.Message(err) }

// Refusals shared by several requests: the rooms'.
var (
	errNoGame   = room.ErrNoSuchGame
	errNotASeat = room.ErrNotASeat
	errOver     = room.ErrOver
	errClosing  = room.ErrShuttingDown
	errNoChange = room.ErrNoChange
)
