package server

import (
	"net/http"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/players"
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
