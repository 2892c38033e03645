package server

import (
	"encoding/base64"
	"errors"
	"net/http"
	"net/url"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/players"
)

// passkeys is the passkey ceremonies over the server's store.
func (s *Server) passkeys() players.Passkeys { return players.Passkeys{Store: s.cfg.Store, Now: s.now} }

// browserOf is the browser of a ceremony: its session (the caller has
// checked it has a player), and the public URL's origin or the
// request's own, to which its passkeys are bound.
func (s *Server) browserOf(r *http.Request) players.Browser {
	token, _ := sessionToken(r)
	origin := s.cfg.PublicURL
	if origin == nil {
		scheme := "http"
		if r.TLS != nil {
			scheme = "https"
		}
		origin = &url.URL{Scheme: scheme, Host: r.Host}
	}
	return players.Browser{Session: token, Origin: origin}
}

// handlePasskeyBegin begins registering a passkey: a guest signing up
// with it (under the username of the body), or an account adding one.
func (s *Server) handlePasskeyBegin(r *http.Request, p players.Player, req api.PasskeyBegin) (any, error) {
	return s.passkeys().BeginRegistration(r.Context(), s.browserOf(r), p, req.Username)
}

// handlePasskeyFinish verifies the browser's new passkey and stores it:
// the guest who began becomes an account, or the account has one more.
func (s *Server) handlePasskeyFinish(r *http.Request, p players.Player, req api.PasskeyFinish) (any, error) {
	p, err := s.passkeys().FinishRegistration(r.Context(), s.browserOf(r), p, req.Name, req.Credential)
	return s.meAfter(r.Context(), p, err)
}

func (s *Server) handlePasskeys(r *http.Request, p players.Player, _ struct{}) (any, error) {
	return s.passkeys().List(r.Context(), p.ID)
}

// handlePasskeyDelete deletes one of the account's passkeys, unless it
// is its last way to log in (no password, no other passkey).
func (s *Server) handlePasskeyDelete(w http.ResponseWriter, r *http.Request) {
	p, ok := s.requireAccount(w, r)
	if !ok {
		return
	}
	id, err := base64.RawURLEncoding.DecodeString(r.PathValue("id"))
	if err != nil {
		s.fail(w, r, refuse(ErrMalformed, "bad passkey id"))
		return
	}
	if err := s.passkeys().Delete(r.Context(), p, id); errors.Is(err, players.ErrNoPasskey) {
		s.fail(w, r, refuse(ErrNotFound, "no such passkey"))
	} else if err != nil {
		s.fail(w, r, err)
	} else {
		w.WriteHeader(http.StatusNoContent)
	}
}

// handlePasskeyLoginBegin begins a login with a passkey the browser
// chooses (a discoverable one: no username is typed).
func (s *Server) handlePasskeyLoginBegin(r *http.Request, _ players.Player, _ struct{}) (any, error) {
	return s.passkeys().BeginLogin(r.Context(), s.browserOf(r))
}

// handlePasskeyLoginFinish verifies the passkey's assertion and logs the
// browser in to its account, as a password login does.
func (s *Server) handlePasskeyLoginFinish(w http.ResponseWriter, r *http.Request) {
	var req api.PasskeyFinish
	if _, ok := s.requirePlayer(w, r); ok && s.decodedBody(w, r, &req) {
		acct, err := s.passkeys().FinishLogin(r.Context(), s.browserOf(r), req.Credential)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.logIn(w, r, acct)
	}
}
