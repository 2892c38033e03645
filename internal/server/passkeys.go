package server

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/store"
)

// ceremonyTTL is how long a begun WebAuthn ceremony may be finished.
const ceremonyTTL = 5 * time.Minute

// The kinds of ceremony a session may have in progress.
const (
	ceremonyRegister = "register"
	ceremonyLogin    = "login"
)

func (s *Server) routesPasskeys(m *http.ServeMux) {
	m.HandleFunc("POST /api/account/passkeys/begin", s.limit(limitRequest, s.handlePasskeyBegin))
	m.HandleFunc("POST /api/account/passkeys/finish", s.handlePasskeyFinish)
	m.HandleFunc("GET /api/account/passkeys", s.handlePasskeys)
	m.HandleFunc("DELETE /api/account/passkeys/{id}", s.handlePasskeyDelete)
	m.HandleFunc("POST /api/account/login/passkey/begin", s.limit(limitRequest, s.handlePasskeyLoginBegin))
	m.HandleFunc("POST /api/account/login/passkey/finish", s.handlePasskeyLoginFinish)
}

// webUser is a player as go-webauthn sees it: the user handle is the
// player id (random, and no personal data).
type webUser struct {
	id, name, display string
	creds             []webauthn.Credential
}

func (u webUser) WebAuthnID() []byte                         { return []byte(u.id) }
func (u webUser) WebAuthnName() string                       { return u.name }
func (u webUser) WebAuthnDisplayName() string                { return u.display }
func (u webUser) WebAuthnCredentials() []webauthn.Credential { return u.creds }

// ceremony is what the database keeps of a begun ceremony: the library's
// session data, and the username a guest signs up under.
type ceremony struct {
	Session  webauthn.SessionData `json:"session"`
	Username string               `json:"username,omitempty"`
}

// relyingParty is the WebAuthn party of a request: the public URL's
// origin and host name, or the request's own (a passkey is bound to the
// host name, which must be a domain: localhost, not 127.0.0.1).
func (s *Server) relyingParty(r *http.Request) (*webauthn.WebAuthn, error) {
	origin := s.cfg.PublicURL
	if origin == nil {
		scheme := "http"
		if r.TLS != nil {
			scheme = "https"
		}
		origin = &url.URL{Scheme: scheme, Host: r.Host}
	}
	wa, err := webauthn.New(&webauthn.Config{RPID: origin.Hostname(), RPDisplayName: "Plateau",
		RPOrigins: []string{origin.Scheme + "://" + origin.Host}})
	if err != nil {
		return nil, fmt.Errorf("%w: %w", players.ErrPasskey, err)
	}
	return wa, nil
}

// webUserOf returns a player with its passkeys.
func (s *Server) webUserOf(ctx context.Context, p players.Player, username string) (webUser, error) {
	u := webUser{id: p.ID, name: username, display: p.Name}
	keys, err := s.cfg.Store.Passkeys(ctx, p.ID)
	if err != nil {
		return u, err
	}
	for _, k := range keys {
		var c webauthn.Credential
		if err := json.Unmarshal(k.Credential, &c); err != nil {
			return u, fmt.Errorf("server: passkey of %s: %w", p.ID, err)
		}
		u.creds = append(u.creds, c)
	}
	return u, nil
}

// sessionHash is the hash of the request's session token, under which
// its ceremonies are kept; the caller has checked it has a player.
func sessionHash(r *http.Request) []byte {
	token, _ := sessionToken(r)
	return hashToken(token)
}

// handlePasskeyBegin begins registering a passkey: a guest signing up
// with it (under the username of the body), or an account adding one.
func (s *Server) handlePasskeyBegin(w http.ResponseWriter, r *http.Request) {
	p, ok := s.requirePlayer(w, r)
	if !ok {
		return
	}
	var req api.PasskeyBegin
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	options, err := s.beginRegistration(r, p, req.Username)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, options)
}

func (s *Server) beginRegistration(r *http.Request, p players.Player, username string) (*protocol.CredentialCreation, error) {
	ctx := r.Context()
	c := ceremony{Username: p.Username}
	if p.Guest {
		var err error
		if c.Username, err = players.Username(username); err != nil {
			return nil, err
		}
		_, _, err = s.cfg.Store.AccountByUsername(ctx, players.UsernameKey(c.Username))
		if err == nil {
			return nil, fmt.Errorf("%w: %q", players.ErrNameTaken, c.Username)
		} else if !errors.Is(err, store.ErrNoPlayer) {
			return nil, err
		}
	}
	wa, err := s.relyingParty(r)
	if err != nil {
		return nil, err
	}
	user, err := s.webUserOf(ctx, p, c.Username)
	if err != nil {
		return nil, err
	}
	options, sd, err := wa.BeginRegistration(user,
		webauthn.WithResidentKeyRequirement(protocol.ResidentKeyRequirementRequired),
		webauthn.WithExclusions(webauthn.Credentials(user.creds).CredentialDescriptors()))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", players.ErrPasskey, err)
	}
	c.Session = *sd
	return options, s.keepCeremony(r, ceremonyRegister, c)
}

func (s *Server) keepCeremony(r *http.Request, kind string, c ceremony) error {
	data, err := json.Marshal(c)
	if err != nil {
		return err
	}
	return s.cfg.Store.BeginCeremony(r.Context(), sessionHash(r), kind, data, s.now().Add(ceremonyTTL))
}

// takeCeremony returns, once, the session's ceremony of a kind.
func (s *Server) takeCeremony(r *http.Request, kind string) (ceremony, error) {
	var c ceremony
	data, err := s.cfg.Store.FinishCeremony(r.Context(), sessionHash(r), kind, s.now())
	if errors.Is(err, store.ErrNoCeremony) {
		return c, fmt.Errorf("%w: no passkey %s in progress (or it took too long): start again", players.ErrPasskey, kind)
	}
	if err != nil {
		return c, err
	}
	return c, json.Unmarshal(data, &c)
}

// handlePasskeyFinish verifies the browser's new passkey and stores it:
// the guest who began becomes an account, or the account has one more.
func (s *Server) handlePasskeyFinish(w http.ResponseWriter, r *http.Request) {
	p, ok := s.requirePlayer(w, r)
	if !ok {
		return
	}
	var req api.PasskeyFinish
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.finishRegistration(r, &p, req); err != nil {
		s.fail(w, r, err)
		return
	}
	s.replyMe(w, r, p)
}

func (s *Server) finishRegistration(r *http.Request, p *players.Player, req api.PasskeyFinish) error {
	name, err := players.PasskeyName(req.Name)
	if err != nil {
		return err
	}
	c, err := s.takeCeremony(r, ceremonyRegister)
	if err != nil {
		return err
	}
	wa, err := s.relyingParty(r)
	if err != nil {
		return err
	}
	parsed, err := protocol.ParseCredentialCreationResponseBytes(req.Credential)
	if err != nil {
		return fmt.Errorf("%w: %w", players.ErrPasskey, err)
	}
	user, err := s.webUserOf(r.Context(), *p, c.Username)
	if err != nil {
		return err
	}
	cred, err := wa.CreateCredential(user, c.Session, parsed)
	if err != nil {
		return fmt.Errorf("%w: %w", players.ErrPasskey, err)
	}
	data, err := json.Marshal(cred)
	if err != nil {
		return err
	}
	now := s.now()
	key := store.Passkey{ID: cred.ID, PlayerID: p.ID, Name: name, Credential: data, CreatedAt: now, LastUsedAt: now}
	if !p.Guest {
		return s.cfg.Store.AddPasskey(r.Context(), key)
	}
	err = s.signUp(r.Context(), store.SignUp{ID: p.ID, Username: c.Username, Key: players.UsernameKey(c.Username), Passkey: &key, At: now})
	if err == nil {
		p.Guest, p.Username = false, c.Username
	}
	return err
}

func (s *Server) handlePasskeys(w http.ResponseWriter, r *http.Request) {
	p, ok := s.requireAccount(w, r)
	if !ok {
		return
	}
	keys, err := s.cfg.Store.Passkeys(r.Context(), p.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := []api.Passkey{}
	for _, k := range keys {
		out = append(out, api.Passkey{ID: base64.RawURLEncoding.EncodeToString(k.ID), Name: k.Name, Created: k.CreatedAt, LastUsed: k.LastUsedAt})
	}
	s.reply(w, http.StatusOK, out)
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
	if err := s.deletePasskey(r.Context(), p, id); err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) deletePasskey(ctx context.Context, p players.Player, id []byte) error {
	keys, err := s.cfg.Store.Passkeys(ctx, p.ID)
	if err != nil {
		return err
	}
	hash, err := s.cfg.Store.PasswordHash(ctx, p.ID)
	if err != nil {
		return err
	}
	if hash == "" && len(keys) <= 1 {
		return fmt.Errorf("%w: set a password or add another passkey first", players.ErrLastCredential)
	}
	err = s.cfg.Store.DeletePasskey(ctx, p.ID, id)
	if errors.Is(err, store.ErrNoPasskey) {
		return refuse(ErrNotFound, "no such passkey")
	}
	return err
}

// handlePasskeyLoginBegin begins a login with a passkey the browser
// chooses (a discoverable one: no username is typed).
func (s *Server) handlePasskeyLoginBegin(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.requirePlayer(w, r); !ok {
		return
	}
	wa, err := s.relyingParty(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	options, sd, err := wa.BeginDiscoverableLogin()
	if err == nil {
		err = s.keepCeremony(r, ceremonyLogin, ceremony{Session: *sd})
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, options)
}

// handlePasskeyLoginFinish verifies the passkey's assertion and logs the
// browser in to its account, as a password login does.
func (s *Server) handlePasskeyLoginFinish(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.requirePlayer(w, r); !ok {
		return
	}
	var req api.PasskeyFinish
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	acct, err := s.finishLogin(r, req)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.logIn(w, r, acct)
}

func (s *Server) finishLogin(r *http.Request, req api.PasskeyFinish) (store.Player, error) {
	ctx := r.Context()
	c, err := s.takeCeremony(r, ceremonyLogin)
	if err != nil {
		return store.Player{}, err
	}
	wa, err := s.relyingParty(r)
	if err != nil {
		return store.Player{}, err
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes(req.Credential)
	if err != nil {
		return store.Player{}, fmt.Errorf("%w: %w", players.ErrPasskey, err)
	}
	var acct store.Player
	owner := func(rawID, userHandle []byte) (webauthn.User, error) {
		key, err := s.cfg.Store.PasskeyByID(ctx, rawID)
		if err != nil || key.PlayerID != string(userHandle) {
			return nil, fmt.Errorf("%w: unknown passkey", players.ErrPasskey)
		}
		if acct, err = s.cfg.Store.LoadPlayer(ctx, key.PlayerID); err != nil {
			return nil, err
		}
		return s.webUserOf(ctx, players.Of(acct), acct.Username)
	}
	cred, err := wa.ValidateDiscoverableLogin(owner, c.Session, parsed)
	if err == nil {
		err = checkCounter(cred)
	}
	if err != nil {
		return store.Player{}, fmt.Errorf("%w: %w", players.ErrPasskey, err)
	}
	if acct.Kind != store.PlayerAccount {
		return store.Player{}, fmt.Errorf("%w: unknown passkey", players.ErrPasskey)
	}
	data, err := json.Marshal(cred)
	if err != nil {
		return store.Player{}, err
	}
	return acct, s.cfg.Store.UsePasskey(ctx, cred.ID, data, s.now())
}
