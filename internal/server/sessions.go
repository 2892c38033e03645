package server

import (
	"context"
	"crypto/rand"
	"net/http"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/seats"
)

// meOf is p as GET /api/me shows it (players.MeOf).
func meOf(p players.Player) api.Me { return players.MeOf(p) }

// sessionToken returns the request's session token, if it has a cookie
// that may be one.
func sessionToken(r *http.Request) (string, bool) {
	c, err := r.Cookie(sessionCookie)
	if err != nil || len(c.Value) != 26 {
		return "", false
	}
	return c.Value, true
}

// setSessionCookie sets (or, with a zero expiry, clears) the session
// cookie: HttpOnly (no script reads it), SameSite=Lax (not sent by
// another site's forms or fetches), Secure when the server is reached
// over TLS, directly or behind a proxy named by PublicURL.
func (s *Server) setSessionCookie(w http.ResponseWriter, r *http.Request, token string, expires time.Time) {
	c := &http.Cookie{Name: sessionCookie, Value: token, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: r.TLS != nil || (s.cfg.PublicURL != nil && s.cfg.PublicURL.Scheme == "https")}
	if expires.IsZero() {
		c.MaxAge = -1
	} else {
		c.MaxAge = int(expires.Sub(s.now()).Seconds())
	}
	http.SetCookie(w, c)
}

// newGuest makes a guest with a generated name and its session, and sets
// the cookie. Guests are made at the rate of game creations per client
// address: beyond it, GET /api/me is refused (429, guestRefused) and a
// page load goes on without a player.
func (s *Server) newGuest(w http.ResponseWriter, r *http.Request) (players.Player, bool, error) {
	if wait, ok := s.limiter.Take(limitCreate, r, s.now()); !ok {
		return players.Player{}, false, guestRefused(w, r, wait)
	}
	p, token, expires, err := s.sessions().NewGuest(r.Context())
	if err != nil {
		return players.Player{}, false, err
	}
	s.setSessionCookie(w, r, token, expires)
	return p, true, nil
}

// errNoPlayer refuses a request that needs a player and has none: a
// program without a session cookie, or one the server could not make.
var errNoPlayer = refuse(players.ErrNoSession, "no session: this needs the session cookie a browser gets from GET /api/me")

// newGameID returns a random game id of 12 lower-case letters and digits
// (60 bits): ids are not secrets, but they should not be guessable in
// sequence either.
func newGameID() string {
	return strings.ToLower(rand.Text()[:12])
}

// keyMePlayer names the player of a GET /api/me that carries an API key
// and no session: the key's, instead of a new guest. It reports false
// for any other request; an unknown or revoked key (one of a deleted
// account included) is refused.
func (s *Server) keyMePlayer(r *http.Request) (players.Player, bool, error) {
	if r.Method != http.MethodGet || r.URL.Path != "/api/me" || !seats.IsKey(bearer(r, "")) {
		return players.Player{}, false, nil
	}
	c, err := s.callerOf(r, "")
	if err != nil {
		return players.Player{}, false, err
	}
	p, err := s.accounts().Player(r.Context(), c.player)
	return p, err == nil, err
}

// followMerge reloads, after a guest was merged into an account, the
// games this server holds in which the guest had a seat (room.Hub's
// ReloadSeated says why).
func (s *Server) followMerge(ctx context.Context, guest string) {
	if err := s.rooms.ReloadSeated(ctx, guest); err != nil {
		s.log.Error("reloading games after a merge", "guest", guest, "err", err)
	}
}
