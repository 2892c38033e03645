package tournaments

import (
	"errors"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/i18n"
	"github.com/plateau-games/plateau/internal/store"
)

var (
	// ErrNotAccount refuses a guest (or a deleted account) taking part:
	// only accounts enter events.
	ErrNotAccount = errors.New("tournaments: tournaments are for accounts")
	// ErrOff answers every request of a server whose store keeps no
	// events.
	ErrOff = errors.New("tournaments: no tournaments here")
)

// Refusal is the kind of a refusal, which the edge turns into its
// status: the client reads the same sentence whatever the transport.
type Refusal int

// The kinds of refusal.
const (
	Malformed Refusal = iota + 1
	Forbidden
	Stale
	NotFound
)

// Explain returns the kind and the sentence, in every language, of a
// refusal of the tournament endpoints; 0 and nil for any other error.
func Explain(err error) (Refusal, game.Text) {
	for _, w := range words() {
		if errors.Is(err, w.err) {
			return w.kind, w.text
		}
	}
	return 0, nil
}

// word is a refusal with its kind and sentence.
type word struct {
	err  error
	kind Refusal
	text game.Text
}

// words are the refusals of the endpoints (a function, not a variable:
// nothing may change them).
func words() []word {
	return []word{
		{ErrFormat, Malformed, i18n.T("Unknown tournament format.")},
		{ErrName, Malformed, i18n.T("The name must be 1 to 80 characters of plain text.")},
		{ErrDescription, Malformed, i18n.T("The description must be at most 2000 characters of plain text.")},
		{ErrRounds, Malformed, i18n.T("A Swiss needs 1 to 50 rounds, and late entries before one of them.")},
		{ErrPlayerCap, Malformed, i18n.T("A tournament needs at least 2 players, at most 4000, and divisions of 2 to 10.")},
		{ErrRoundTime, Malformed, i18n.T("A round lasts 1 minute to 60 days; an arena 10 minutes to 24 hours.")},
		{ErrStart, Malformed, i18n.T("The start must be in the future.")},
		{ErrGames, Malformed, i18n.T("A pairing plays 1 game or a pair of 2.")},
		{ErrYoung, Forbidden, i18n.T("Your account is too young for this tournament.")},
		{ErrFewGames, Forbidden, i18n.T("You have not finished enough games for this tournament.")},
		{ErrTimeouts, Forbidden, i18n.T("You lost too many games on time lately for this tournament.")},
		{store.ErrTourJoined, Stale, i18n.T("You are already in this tournament.")},
		{store.ErrTourFull, Stale, i18n.T("This tournament is full.")},
		{store.ErrTourClosed, Stale, i18n.T("This tournament takes no more entries.")},
		{store.ErrTourNotIn, Stale, i18n.T("You are not in this tournament.")},
		{store.ErrTourOver, Stale, i18n.T("This tournament is over.")},
		{store.ErrTourNotFound, NotFound, i18n.T("No such tournament.")},
		{ErrNotAccount, Forbidden, i18n.T("Only accounts take part in tournaments: sign up first.")}, //nolint:misspell // "participent" is French
		{ErrOff, NotFound, i18n.T("This server runs no tournaments.")},
	}
}
