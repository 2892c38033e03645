package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/store"
)

// The login throttle (docs/accounts.md): attempts are counted in the
// database per username and per client address in fixed windows, so
// that it holds however many servers share the database. A successful
// login clears its username's count and gives its address's attempt
// back.
const (
	throttleWindow  = 15 * time.Minute
	maxUserAttempts = 5
	maxAddrAttempts = 30
	// maxCredential bounds a username or password read for a login:
	// longer ones are refused before any hashing.
	maxCredential = 1024
)

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
	username, err := s.checkSignUp(p, req.Username)
	if err == nil {
		err = players.CheckNewPassword(req.Password)
	}
	if err == nil {
		hash := players.HashPassword(req.Password, players.DefaultPasswordParams)
		err = s.signUp(r.Context(), store.SignUp{ID: p.ID, Username: username, Key: players.UsernameKey(username), PasswordHash: hash, At: s.now()})
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p.Guest, p.Username = false, username
	me := meOf(p)
	me.Password = true
	s.reply(w, http.StatusOK, me)
}

// checkSignUp checks that p may sign up under username, and returns it.
func (s *Server) checkSignUp(p players.Player, username string) (string, error) {
	if !p.Guest {
		return "", fmt.Errorf("%w: already signed up as %s", players.ErrAlreadyAccount, p.Username)
	}
	return players.Username(username)
}

// signUp stores a sign-up, in the players package's words.
func (s *Server) signUp(ctx context.Context, u store.SignUp) error {
	err := s.cfg.Store.SignUp(ctx, u)
	switch {
	case errors.Is(err, store.ErrUsernameTaken):
		return fmt.Errorf("%w: %q", players.ErrNameTaken, u.Username)
	case errors.Is(err, store.ErrNotGuest):
		return fmt.Errorf("%w: already signed up", players.ErrAlreadyAccount)
	}
	return err
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
	acct, err := s.checkLogin(w, r, req)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.logIn(w, r, acct)
}

// checkLogin counts a login attempt, checks the password and returns the
// account. An unknown username costs the time of a password check too,
// and gets the same answer as a wrong password.
func (s *Server) checkLogin(w http.ResponseWriter, r *http.Request, req api.Credentials) (store.Player, error) {
	ctx := r.Context()
	key := players.UsernameKey(req.Username)
	user, addr := "user:"+key, "addr:"+s.limiter.client(r)
	if err := s.countAttempt(ctx, w, user, addr); err != nil {
		return store.Player{}, err
	}
	acct, hash, err := s.cfg.Store.AccountByUsername(ctx, key)
	if err != nil && !errors.Is(err, store.ErrNoPlayer) {
		return store.Player{}, err
	}
	if hash == "" {
		players.CheckDecoy(req.Password)
		return store.Player{}, players.ErrBadCredentials
	}
	if !players.CheckPassword(req.Password, hash) {
		return store.Player{}, players.ErrBadCredentials
	}
	if err := s.cfg.Store.ForgetAttempts(ctx, user); err != nil {
		return store.Player{}, err
	}
	return acct, s.cfg.Store.RefundAttempt(ctx, addr)
}

// countAttempt counts a login attempt under each key, and refuses it
// when a key is over its allowance for the window.
func (s *Server) countAttempt(ctx context.Context, w http.ResponseWriter, keys ...string) error {
	for _, key := range keys {
		limit := maxUserAttempts
		if strings.HasPrefix(key, "addr:") {
			limit = maxAddrAttempts
		}
		n, err := s.cfg.Store.LoginAttempt(ctx, key, s.now(), throttleWindow)
		if err != nil {
			return err
		}
		if n > limit {
			w.Header().Set("Retry-After", strconv.Itoa(int(throttleWindow.Seconds())))
			return fmt.Errorf("%w: try again in %v", players.ErrThrottled, throttleWindow)
		}
	}
	return nil
}

// logIn makes this browser's session acct's. The browser's previous
// session ends; if it was a guest's, the guest is merged into the
// account first, so that its games become the account's: nothing played
// before logging in is lost (docs/accounts.md).
func (s *Server) logIn(w http.ResponseWriter, r *http.Request, acct store.Player) {
	ctx, now := r.Context(), s.now()
	token, ss := s.newSession(acct.ID, now)
	err := s.cfg.Store.AddSession(ctx, ss)
	if cur, ok := players.FromContext(ctx); err == nil && ok && cur.Guest && cur.ID != acct.ID {
		err = s.cfg.Store.MergeGuest(ctx, cur.ID, acct.ID, now)
		s.followMerge(ctx, cur.ID, err)
	} else if old, ok := sessionToken(r); err == nil && ok {
		err = s.cfg.Store.EndSession(ctx, hashToken(old))
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.setSessionCookie(w, r, token, ss.ExpiresAt)
	s.replyMe(w, r, playerOf(acct))
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
	if err := s.changePassword(w, r, p, req); err != nil {
		s.fail(w, r, err)
		return
	}
	me := meOf(p)
	me.Password = true
	s.reply(w, http.StatusOK, me)
}

// changePassword checks the old password (counted as a login attempt: a
// borrowed session cannot guess it fast) and sets the new one, ending
// every other session of the account.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request, p players.Player, req api.PasswordChange) error {
	ctx := r.Context()
	if len(req.Old) > maxCredential {
		return errTooLong
	}
	user := "user:" + players.UsernameKey(p.Username)
	if err := s.countAttempt(ctx, w, user); err != nil {
		return err
	}
	hash, err := s.cfg.Store.PasswordHash(ctx, p.ID)
	if err != nil {
		return err
	}
	if hash != "" && !players.CheckPassword(req.Old, hash) {
		return fmt.Errorf("%w: the current password is wrong", players.ErrBadCredentials)
	}
	if err := players.CheckNewPassword(req.New); err != nil {
		return err
	}
	token, _ := sessionToken(r)
	newHash := players.HashPassword(req.New, players.DefaultPasswordParams)
	if err := s.cfg.Store.SetPassword(ctx, p.ID, newHash, hashToken(token), s.now()); err != nil {
		return err
	}
	return s.cfg.Store.ForgetAttempts(ctx, user)
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
