package server

import (
	"crypto/rand"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/store"
)

// The session cookie. Its token is 128 random bits; the database keeps
// only its SHA-256 hash.
const (
	sessionCookie = "plateau_session"
	// sessionTTL is how long a session lives unused: every use (at most
	// once per sessionRenew) moves its end to sessionTTL from then.
	sessionTTL   = 30 * 24 * time.Hour
	sessionRenew = 24 * time.Hour
)

func (s *Server) routesPlayers(m *http.ServeMux) {
	m.HandleFunc("GET /api/me", s.handleMe)
	m.HandleFunc("PATCH /api/me", s.handleRename)
	m.HandleFunc("POST /api/me/name", s.handleRename)
	s.routesAccounts(m)
	s.routesPasskeys(m)
}

// identify attaches the requester's player to every API request and
// page load that carries a valid session cookie. A browser's first page
// load (a document navigation) and GET /api/me without a valid session
// make a guest and set its cookie; other requests without a cookie (a
// program's: plateau client, loadtest, curl) get no player, and work as
// before with seat tokens. Static files are served without a look-up.
func (s *Server) identify(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		api := strings.HasPrefix(r.URL.Path, "/api/")
		if !api && !isNavigation(r) {
			next.ServeHTTP(w, r)
			return
		}
		p, ok, err := s.sessionPlayer(w, r)
		if err == nil && !ok {
			p, ok, err = s.keyMePlayer(r)
		}
		if err != nil {
			s.fail(w, r, err)
			return
		}
		if !ok && (!api || (r.Method == http.MethodGet && r.URL.Path == "/api/me")) {
			p, ok, err = s.newGuest(w, r)
			if err != nil {
				s.fail(w, r, err)
				return
			}
		}
		if ok {
			r = r.WithContext(players.NewContext(r.Context(), p))
		}
		next.ServeHTTP(w, r)
	})
}

// isNavigation reports a browser loading a page (not a script, an image
// or a fetch): the moment a first visit becomes a guest.
func isNavigation(r *http.Request) bool {
	if r.Method != http.MethodGet {
		return false
	}
	if dest := r.Header.Get("Sec-Fetch-Dest"); dest != "" {
		return dest == "document"
	}
	return strings.Contains(r.Header.Get("Accept"), "text/html")
}

// sessionToken returns the request's session token, if it has a cookie
// that may be one.
func sessionToken(r *http.Request) (string, bool) {
	c, err := r.Cookie(sessionCookie)
	if err != nil || len(c.Value) != 26 {
		return "", false
	}
	return c.Value, true
}

// sessionPlayer returns the player of the request's session cookie, and
// slides the session's expiry when it is due. A forged, expired or ended
// session is no session.
func (s *Server) sessionPlayer(w http.ResponseWriter, r *http.Request) (players.Player, bool, error) {
	token, ok := sessionToken(r)
	if !ok {
		return players.Player{}, false, nil
	}
	now := s.now()
	p, ss, err := s.cfg.Store.SessionPlayer(r.Context(), hashToken(token), now)
	if errors.Is(err, store.ErrNoSession) {
		return players.Player{}, false, nil
	}
	if err != nil {
		return players.Player{}, false, err
	}
	if ss.ExpiresAt.Sub(now) < sessionTTL-sessionRenew {
		if err := s.cfg.Store.ExtendSession(r.Context(), ss.TokenHash, now.Add(sessionTTL)); err != nil {
			return players.Player{}, false, err
		}
		s.setSessionCookie(w, r, token, now.Add(sessionTTL))
	}
	return playerOf(p), true, nil
}

// newGuest makes a guest with a generated name and its session, and sets
// the cookie. Guests are made at the rate of game creations per client
// address: beyond it, GET /api/me is refused (429, guestRefused) and a
// page load goes on without a player.
func (s *Server) newGuest(w http.ResponseWriter, r *http.Request) (players.Player, bool, error) {
	now := s.now()
	if wait, ok := s.limiter.take(limitCreate, r, now); !ok {
		return players.Player{}, false, guestRefused(w, r, wait)
	}
	p := store.Player{ID: newPlayerID(), Name: players.GuestName(), Kind: store.PlayerGuest, JoinedAt: now, UpdatedAt: now}
	token, ss := s.newSession(p.ID, now)
	if err := s.cfg.Store.CreateGuest(r.Context(), p, ss); err != nil {
		return players.Player{}, false, err
	}
	s.setSessionCookie(w, r, token, ss.ExpiresAt)
	return playerOf(p), true, nil
}

// newSession returns a new session token for a player and the session
// the store keeps (its hash).
func (s *Server) newSession(playerID string, now time.Time) (string, store.Session) {
	token := rand.Text()
	return token, store.Session{TokenHash: hashToken(token), PlayerID: playerID, CreatedAt: now, ExpiresAt: now.Add(sessionTTL)}
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

// newPlayerID returns a random player id of 16 lower-case letters and
// digits (80 bits): shown in links to player pages, not a secret.
func newPlayerID() string { return strings.ToLower(rand.Text()[:16]) }

func playerOf(p store.Player) players.Player {
	return players.Player{ID: p.ID, Name: p.Name, Guest: p.Kind == store.PlayerGuest, Username: p.Username,
		Deleted: p.Kind == store.PlayerDeleted, Joined: p.JoinedAt}
}

func meOf(p players.Player) api.Me {
	return api.Me{ID: p.ID, Name: p.Name, Guest: p.Guest, Username: p.Username, Joined: p.Joined}
}

// errNoPlayer refuses a request that needs a player and has none: a
// program without a session cookie, or one the server could not make.
var errNoPlayer = refuse(players.ErrNoSession, "no session: this needs the session cookie a browser gets from GET /api/me")

func (s *Server) handleMe(w http.ResponseWriter, r *http.Request) {
	if p, ok := s.requirePlayer(w, r); ok {
		s.replyMe(w, r, p)
	}
}

func (s *Server) handleRename(w http.ResponseWriter, r *http.Request) {
	p, ok := players.FromContext(r.Context())
	if !ok {
		s.fail(w, r, errNoPlayer)
		return
	}
	var req api.NameRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	name, err := players.DisplayName(req.Name)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.cfg.Store.RenamePlayer(r.Context(), p.ID, name, s.now()); err != nil {
		s.fail(w, r, err)
		return
	}
	p.Name = name
	s.replyMe(w, r, p)
}

// guestGrace is how old a guest must be before it may be purged: a
// guest is always made with its session, so this only keeps the purge
// clear of anything being made.
const guestGrace = 24 * time.Hour

// sessionSweeper deletes, once an hour, the sessions that have expired
// (they log nobody in already, and would otherwise pile up), then the
// guests who can never come back nor be seen (store.PurgeGuests). Every
// process sharing a database may do it.
func (s *Server) sessionSweeper() {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
		}
		now := s.now()
		s.sweep("deleting expired sessions", func() (int, error) { return s.cfg.Store.ExpireSessions(s.ctx, now) })
		s.sweep("deleting guests gone", func() (int, error) { return s.cfg.Store.PurgeGuests(s.ctx, now.Add(-guestGrace)) })
	}
}

// sweep calls batch until it deletes nothing, or fails (logged as what).
func (s *Server) sweep(what string, batch func() (int, error)) {
	for s.ctx.Err() == nil {
		n, err := batch()
		if err != nil {
			s.log.Error(what, "err", err)
		}
		if err != nil || n == 0 {
			return
		}
	}
}
