package server

import (
	"context"
	"fmt"
	"net/http"
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

func (s *Server) handleSignUp(r *http.Request, p players.Player, req api.Credentials) (any, error) {
	p, err := s.accounts().SignUp(r.Context(), p, req.Username, req.Password)
	if err != nil {
		return nil, err
	}
	s.seeAddress(r, p.ID)
	return meWithPassword(p), nil
}

// meWithPassword is p as GET /api/me shows it once it has a password.
func meWithPassword(p players.Player) api.Me {
	me := meOf(p)
	me.Password = true
	return me
}

func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) {
	var req api.Credentials
	if !s.decodedBody(w, r, &req) {
		return
	}
	if len(req.Username) > maxCredential || len(req.Password) > maxCredential {
		s.fail(w, r, errTooLong)
		return
	}
	acct, err := s.accounts().Login(r.Context(), req.Username, req.Password, s.limiter.Client(r))
	if err != nil {
		s.failAccount(w, r, err)
		return
	}
	s.logIn(w, r, acct)
}

// logIn makes this browser's session acct's (players.Accounts.StartSession:
// a guest's games become the account's, docs/accounts.md).
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
	me, err := s.accounts().Me(r.Context(), players.Of(acct))
	s.replyResult(w, r, me, err)
}

// meAfter is p as GET /api/me shows it once a change to p is made, or
// the change's error.
func (s *Server) meAfter(ctx context.Context, p players.Player, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return s.accounts().Me(ctx, p)
}

// handleLogout ends the browser's session and answers with the new guest
// it is from then on (a fresh one: the account's games stay with the
// account).
func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) {
	token, _ := sessionToken(r)
	if err := s.accounts().Logout(r.Context(), token); err != nil {
		s.fail(w, r, err)
		return
	}
	s.replyNewGuest(w, r)
}

// replyNewGuest makes a new guest for this browser and answers with it.
func (s *Server) replyNewGuest(w http.ResponseWriter, r *http.Request) {
	p, ok, err := s.newGuest(w, r)
	if err == nil && !ok { // over the rate of new guests: no session at all
		s.setSessionCookie(w, r, "", time.Time{})
		w.WriteHeader(http.StatusNoContent)
		return
	}
	s.replyResult(w, r, meOf(p), err)
}

func (s *Server) handlePassword(r *http.Request, p players.Player, req api.PasswordChange) (any, error) {
	if len(req.Old) > maxCredential {
		return nil, errTooLong
	}
	token, _ := sessionToken(r)
	if err := s.accounts().ChangePassword(r.Context(), p, req.Old, req.New, token); err != nil {
		return nil, err
	}
	return meWithPassword(p), nil
}

// handleDeleteAccount deletes the account (players.Accounts.Delete) once
// confirmed with its username. The browser is a new guest afterwards.
func (s *Server) handleDeleteAccount(w http.ResponseWriter, r *http.Request) {
	var req api.DeleteAccount
	p, ok := s.requireAccount(w, r)
	if !ok || !s.decodedBody(w, r, &req) {
		return
	}
	if players.UsernameKey(req.Confirm) != players.UsernameKey(p.Username) {
		s.fail(w, r, refuse(ErrMalformed, "to delete the account, confirm with its username"))
	} else if err := s.accounts().Delete(r.Context(), p); err != nil {
		s.fail(w, r, err)
	} else {
		s.replyNewGuest(w, r)
	}
}
