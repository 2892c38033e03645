package players

import (
	"context"
	"crypto/rand"
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/seats"
	"github.com/plateau-games/plateau/internal/store"
)

// Sessions last SessionTTL unused: every use (at most once per
// sessionRenew) moves their end to SessionTTL from then.
const (
	SessionTTL   = 30 * 24 * time.Hour
	sessionRenew = 24 * time.Hour
)

// guestGrace is how old a guest must be before it may be purged: a
// guest is always made with its session, so this only keeps the purge
// clear of anything being made.
const guestGrace = 24 * time.Hour

// SessionStore is the slice of the store sessions use.
type SessionStore interface {
	CreateGuest(ctx context.Context, p store.Player, s store.Session) error
	SessionPlayer(ctx context.Context, tokenHash []byte, now time.Time) (store.Player, store.Session, error)
	ExtendSession(ctx context.Context, tokenHash []byte, expires time.Time) error
	ExpireSessions(ctx context.Context, now time.Time) (int, error)
	PurgeGuests(ctx context.Context, cutoff time.Time) (int, error)
}

// Sessions keeps who is logged in: a session token (a cookie's, which
// the HTTP edge sets) names a player; the store keeps only its hash.
type Sessions struct {
	Store SessionStore
	Now   func() time.Time
	Log   *slog.Logger
}

// Player returns the player of a session token, and the session's new
// expiry when it slid (the cookie must then be set again; zero when it
// did not). A forged, expired or ended session is no session (false).
func (s Sessions) Player(ctx context.Context, token string) (p Player, ok bool, renewed time.Time, err error) {
	now := s.Now()
	rec, ss, err := s.Store.SessionPlayer(ctx, seats.Hash(token), now)
	if errors.Is(err, store.ErrNoSession) {
		return Player{}, false, time.Time{}, nil
	}
	if err != nil {
		return Player{}, false, time.Time{}, err
	}
	if ss.ExpiresAt.Sub(now) < SessionTTL-sessionRenew {
		renewed = now.Add(SessionTTL)
		if err := s.Store.ExtendSession(ctx, ss.TokenHash, renewed); err != nil {
			return Player{}, false, time.Time{}, err
		}
	}
	return Of(rec), true, renewed, nil
}

// NewGuest makes a guest with a generated name and its session, and
// returns the guest, the session's token and its expiry.
func (s Sessions) NewGuest(ctx context.Context) (Player, string, time.Time, error) {
	now := s.Now()
	p := store.Player{ID: NewID(), Name: GuestName(), Kind: store.PlayerGuest, JoinedAt: now, UpdatedAt: now}
	token, ss := NewSession(p.ID, now)
	if err := s.Store.CreateGuest(ctx, p, ss); err != nil {
		return Player{}, "", time.Time{}, err
	}
	return Of(p), token, ss.ExpiresAt, nil
}

// Sweeper deletes, once an hour until ctx ends, the sessions that have
// expired (they log nobody in already, and would otherwise pile up),
// then the guests who can never come back nor be seen
// (store.PurgeGuests). Every process sharing a database may do it.
func (s Sessions) Sweeper(ctx context.Context) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		now := s.Now()
		s.sweep(ctx, "deleting expired sessions", func() (int, error) { return s.Store.ExpireSessions(ctx, now) })
		s.sweep(ctx, "deleting guests gone", func() (int, error) { return s.Store.PurgeGuests(ctx, now.Add(-guestGrace)) })
	}
}

// sweep calls batch until it deletes nothing, or fails (logged as what).
func (s Sessions) sweep(ctx context.Context, what string, batch func() (int, error)) {
	for ctx.Err() == nil {
		n, err := batch()
		if err != nil {
			s.Log.Error(what, "err", err)
		}
		if err != nil || n == 0 {
			return
		}
	}
}

// NewSession returns a new session token for a player and the session
// the store keeps (its hash).
func NewSession(playerID string, now time.Time) (string, store.Session) {
	token := rand.Text()
	return token, store.Session{TokenHash: seats.Hash(token), PlayerID: playerID, CreatedAt: now, ExpiresAt: now.Add(SessionTTL)}
}

// NewID returns a random player id of 16 lower-case letters and digits
// (80 bits): shown in links to player pages, not a secret.
func NewID() string { return strings.ToLower(rand.Text()[:16]) }

// Of returns the player a stored record keeps.
func Of(p store.Player) Player {
	return Player{ID: p.ID, Name: p.Name, Guest: p.Kind == store.PlayerGuest, Username: p.Username,
		Deleted: p.Kind == store.PlayerDeleted, Joined: p.JoinedAt}
}
