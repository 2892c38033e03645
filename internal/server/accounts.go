package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/store"
)

// maxCredential bounds a username or password read for a login: longer
// ones are refused before any hashing.
const maxCredential = 1024

// accounts is the players' accounts over the server's store.
func (s *Server) accounts() players.Accounts {
	return players.Accounts{Store: s.cfg.Store, Now: s.now}
}

// failAccount answers an accounts' error; a throttled client is told
// when to try again (players.ThrottleWindow).
func (s *Server) failAccount(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, players.ErrThrottled) {
		w.Header().Set("Retry-After", strconv.Itoa(int(players.ThrottleWindow.Seconds())))
	}
	s.fail(w, r, err)
}

func (s *Server) routesAccounts(m *http.ServeMux) {
	m.HandleFunc("POST /api/account/signup", s.limit(limitRequest, s.handleSignUp))
	m.HandleFunc("POST /api/account/login", s.limit(limitRequest, s.handleLogin))
	m.HandleFunc("POST /api/account/logout", s.handleLogout)
	m.HandleFunc("POST /api/account/password", s.limit(limitRequest, s.handlePassword))
	m.HandleFunc("DELETE /api/account", s.handleDeleteAccount)
}

// errTooLong refuses oversized credentials without looking them up.
var errTooLong = refuse(ErrMalformed, "username or password too long")

// requirePlayer returns the request's player, or answers 401.
func (s *Server) requirePlayer(w http.ResponseWriter, r *http.Request) (players.Player, bool) {
	p, ok := players.FromContext(r.Context())
	if !ok {
		s.fail(w, r, errNoPlayer)
	}
	return p, ok
}

// requireAccount returns the request's player if it is an account, or
// answers 401 or 403.
func (s *Server) requireAccount(w http.ResponseWriter, r *http.Request) (players.Player, bool) {
	p, ok := s.requirePlayer(w, r)
	if ok && p.Guest {
		s.fail(w, r, fmt.Errorf("%w: sign up first", players.ErrNotAccount))
		return p, false
	}
	return p, ok
}

func (s *Server) handleSignUp(w http.ResponseWriter, r *http.Request) {
	p, ok := s.requirePlayer(w, r)
	if !ok {
		return
	}
	var req api.Credentials
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	p, err := s.accounts().SignUp(r.Context(), p, req.Username, req.Password)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.seeAddress(r, p.ID)
	me := meOf(p)
	me.Password = true
	s.reply(w, http.StatusOK, me)
}

// signUp stores a sign-up made otherwise than by password, in the
// players package's words.
func (s *Server) signUp(ctx context.Context, u store.SignUp) error {
	return s.accounts().SignUpWith(ctx, u)
}

func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) {
	var req api.Credentials
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if len(req.Username) > maxCredential || len(req.Password) > maxCredential {
		s.fail(w, r, errTooLong)
		return
	}
	acct, err := s.accounts().Login(r.Context(), req.Username, req.Password, s.limiter.client(r))
	if err != nil {
		s.failAccount(w, r, err)
		return
	}
	s.logIn(w, r, acct)
}

// logIn makes this browser's session acct's. The browser's previous
// session ends; if it was a guest's, the guest is merged into the
// account first, so that its games become the account's: nothing played
// before logging in is lost (docs/accounts.md).
func (s *Server) logIn(w http.ResponseWriter, r *http.Request, acct store.Player) {
	cur, hasCur := players.FromContext(r.Context())
	old, _ := sessionToken(r)
	token, expires, err := s.accounts().StartSession(r.Context(), acct, cur, hasCur, old)
	if err == nil && hasCur && cur.Guest && cur.ID != acct.ID {
		s.followMerge(r.Context(), cur.ID)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.setSessionCookie(w, r, token, expires)
	s.seeAddress(r, acct.ID)
	s.replyMe(w, r, players.Of(acct))
}

// replyMe answers with p as GET /api/me shows it.
func (s *Server) replyMe(w http.ResponseWriter, r *http.Request, p players.Player) {
	me := meOf(p)
	if !p.Guest && !p.Deleted {
		hash, err := s.cfg.Store.PasswordHash(r.Context(), p.ID)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		me.Password = hash != ""
	}
	s.reply(w, http.StatusOK, me)
}

// handleLogout ends the browser's session and answers with the new guest
// it is from then on (a fresh one: the account's games stay with the
// account).
func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) {
	if token, ok := sessionToken(r); ok {
		if err := s.cfg.Store.EndSession(r.Context(), hashToken(token)); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	s.replyNewGuest(w, r)
}

// replyNewGuest makes a new guest for this browser and answers with it.
func (s *Server) replyNewGuest(w http.ResponseWriter, r *http.Request) {
	p, ok, err := s.newGuest(w, r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !ok { // over the rate of new guests: no session at all
		s.setSessionCookie(w, r, "", time.Time{})
		w.WriteHeader(http.StatusNoContent)
		return
	}
	s.reply(w, http.StatusOK, meOf(p))
}

func (s *Server) handlePassword(w http.ResponseWriter, r *http.Request) {
	p, ok := s.requireAccount(w, r)
	if !ok {
		return
	}
	var req api.PasswordChange
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if len(req.Old) > maxCredential {
		s.fail(w, r, errTooLong)
		return
	}
	token, _ := sessionToken(r)
	if err := s.accounts().ChangePassword(r.Context(), p, req.Old, req.New, token); err != nil {
		s.failAccount(w, r, err)
		return
	}
	me := meOf(p)
	me.Password = true
	s.reply(w, http.StatusOK, me)
}

// handleDeleteAccount deletes the account: its credentials and sessions
// go, its name becomes an anonymous one, and its games stay under it.
// The browser is a new guest afterwards.
func (s *Server) handleDeleteAccount(w http.ResponseWriter, r *http.Request) {
	p, ok := s.requireAccount(w, r)
	if !ok {
		return
	}
	var req api.DeleteAccount
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if players.UsernameKey(req.Confirm) != players.UsernameKey(p.Username) {
		s.fail(w, r, refuse(ErrMalformed, "to delete the account, confirm with its username"))
		return
	}
	if err := s.cfg.Store.DeleteAccount(r.Context(), p.ID, players.AnonymousName(), s.now()); err != nil {
		s.fail(w, r, err)
		return
	}
	s.replyNewGuest(w, r)
}
