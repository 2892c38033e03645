package players

import (
	"context"
	"time"
)

// Player is a person as the server knows them: a guest, made on a first
// visit, or an account. ID never changes, not even when a guest becomes
// an account, so everything bound to it (seats, games) is kept.
type Player struct {
	ID string
	// Name is the display name, chosen by the player (or generated for a
	// new guest): untrusted text, to be shown only as text.
	Name string
	// Guest is true until the player becomes an account.
	Guest bool
	// Username is the account's login name, as typed at sign-up; empty
	// for a guest or a deleted account.
	Username string
	// Deleted marks an account deleted by its owner: its games remain,
	// under an anonymous Name.
	Deleted bool
	Joined  time.Time
}

type contextKey struct{}

// NewContext returns ctx carrying p: the server's middleware puts the
// requester there, and handlers read it back with FromContext.
func NewContext(ctx context.Context, p Player) context.Context {
	return context.WithValue(ctx, contextKey{}, p)
}

// FromContext returns the player ctx carries, if any. A request from a
// browser always carries one; a program that sends no session cookie
// (an engine client, a load test, curl) carries none, and is known by
// its seat tokens or API keys instead.
func FromContext(ctx context.Context) (Player, bool) {
	p, ok := ctx.Value(contextKey{}).(Player)
	return p, ok
}
