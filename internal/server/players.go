package server

import (
	"net/http"
	"strings"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/players"
)

// The session cookie. Its token is 128 random bits; the database keeps
// only its SHA-256 hash (players.Sessions).
const sessionCookie = "plateau_session"

// routesPlayers serves the player, the accounts and their passkeys
// (docs/api.md, "Players and sessions").
func (s *Server) routesPlayers(m *http.ServeMux) {
	m.HandleFunc("GET /api/me", playerEndpoint(s, s.requirePlayer, s.handleMe))
	m.HandleFunc("PATCH /api/me", playerEndpoint(s, s.requirePlayer, s.handleRename))
	m.HandleFunc("POST /api/me/name", playerEndpoint(s, s.requirePlayer, s.handleRename))
	m.HandleFunc("POST /api/account/signup", s.limit(limitRequest, playerEndpoint(s, s.requirePlayer, s.handleSignUp)))
	m.HandleFunc("POST /api/account/login", s.limit(limitRequest, s.handleLogin))
	m.HandleFunc("POST /api/account/logout", s.handleLogout)
	m.HandleFunc("POST /api/account/password", s.limit(limitRequest, playerEndpoint(s, s.requireAccount, s.handlePassword)))
	m.HandleFunc("DELETE /api/account", s.handleDeleteAccount)
	m.HandleFunc("POST /api/account/passkeys/begin", s.limit(limitRequest, playerEndpoint(s, s.requirePlayer, s.handlePasskeyBegin)))
	m.HandleFunc("POST /api/account/passkeys/finish", playerEndpoint(s, s.requirePlayer, s.handlePasskeyFinish))
	m.HandleFunc("GET /api/account/passkeys", playerEndpoint(s, s.requireAccount, s.handlePasskeys))
	m.HandleFunc("DELETE /api/account/passkeys/{id}", s.handlePasskeyDelete)
	m.HandleFunc("POST /api/account/login/passkey/begin", s.limit(limitRequest, playerEndpoint(s, s.requirePlayer, s.handlePasskeyLoginBegin)))
	m.HandleFunc("POST /api/account/login/passkey/finish", s.handlePasskeyLoginFinish)
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

// sessions is the players' sessions over the server's store.
func (s *Server) sessions() players.Sessions {
	return players.Sessions{Store: s.cfg.Store, Now: s.now, Log: s.log}
}

// sessionPlayer returns the player of the request's session cookie, and
// slides the session's expiry (and the cookie's) when it is due. A
// forged, expired or ended session is no session.
func (s *Server) sessionPlayer(w http.ResponseWriter, r *http.Request) (players.Player, bool, error) {
	token, ok := sessionToken(r)
	if !ok {
		return players.Player{}, false, nil
	}
	p, ok, renewed, err := s.sessions().Player(r.Context(), token)
	if err == nil && !renewed.IsZero() {
		s.setSessionCookie(w, r, token, renewed)
	}
	return p, ok, err
}

func (s *Server) handleMe(r *http.Request, p players.Player, _ struct{}) (any, error) {
	return s.accounts().Me(r.Context(), p)
}

func (s *Server) handleRename(r *http.Request, p players.Player, req api.NameRequest) (any, error) {
	p, err := s.accounts().Rename(r.Context(), p, req.Name)
	return s.meAfter(r.Context(), p, err)
}
