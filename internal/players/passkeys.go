package players

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/seats"
	"github.com/plateau-games/plateau/internal/store"
)

// ceremonyTTL is how long a begun WebAuthn ceremony may be finished.
const ceremonyTTL = 5 * time.Minute

// The kinds of ceremony a session may have in progress.
const (
	ceremonyRegister = "register"
	ceremonyLogin    = "login"
)

// PasskeyStore is the slice of the store the passkey ceremonies use.
type PasskeyStore interface {
	AccountByUsername(ctx context.Context, key string) (store.Player, string, error)
	LoadPlayer(ctx context.Context, id string) (store.Player, error)
	PasswordHash(ctx context.Context, player string) (string, error)
	SignUp(ctx context.Context, u store.SignUp) error
	AddPasskey(ctx context.Context, p store.Passkey) error
	Passkeys(ctx context.Context, playerID string) ([]store.Passkey, error)
	PasskeyByID(ctx context.Context, id []byte) (store.Passkey, error)
	UsePasskey(ctx context.Context, id, credential []byte, at time.Time) error
	DeletePasskey(ctx context.Context, playerID string, id []byte) error
	BeginCeremony(ctx context.Context, sessionHash []byte, kind string, data []byte, expires time.Time) error
	FinishCeremony(ctx context.Context, sessionHash []byte, kind string, now time.Time) ([]byte, error)
}

// Passkeys runs the WebAuthn ceremonies (go-webauthn's begin and finish)
// that sign a guest up, add a passkey to an account or log a browser in,
// and keeps the accounts' passkeys. A begun ceremony is kept in the
// store, not in memory, so that any server sharing it may finish it.
type Passkeys struct {
	Store PasskeyStore
	Now   func() time.Time
}

// Browser is the browser of a ceremony, as the HTTP edge knows it: its
// session token (a ceremony is kept under the session's hash, so that
// only the browser that began it may finish it) and the origin its
// passkeys are bound to (a host name, which must be a domain:
// localhost, not 127.0.0.1).
type Browser struct {
	Session string
	Origin  *url.URL
}

// webUser is a player as go-webauthn sees it: the user handle is the
// player id (random, and no personal data).
type webUser struct {
	id, name, display string
	creds             []webauthn.Credential
}

// WebAuthnID implements webauthn.User.
func (u webUser) WebAuthnID() []byte { return []byte(u.id) }

// WebAuthnName implements webauthn.User.
func (u webUser) WebAuthnName() string { return u.name }

// WebAuthnDisplayName implements webauthn.User.
func (u webUser) WebAuthnDisplayName() string { return u.display }

// WebAuthnCredentials implements webauthn.User.
func (u webUser) WebAuthnCredentials() []webauthn.Credential { return u.creds }

// ceremony is what the database keeps of a begun ceremony: the library's
// session data, and the username a guest signs up under.
type ceremony struct {
	Session  webauthn.SessionData `json:"session"`
	Username string               `json:"username,omitempty"`
}

// relyingParty is the WebAuthn party of a browser's origin.
func relyingParty(origin *url.URL) (*webauthn.WebAuthn, error) {
	wa, err := webauthn.New(&webauthn.Config{RPID: origin.Hostname(), RPDisplayName: "Plateau",
		RPOrigins: []string{origin.Scheme + "://" + origin.Host}})
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrPasskey, err)
	}
	return wa, nil
}

// webUserOf returns a player with its passkeys.
func (k Passkeys) webUserOf(ctx context.Context, p Player, username string) (webUser, error) {
	u := webUser{id: p.ID, name: username, display: p.Name}
	keys, err := k.Store.Passkeys(ctx, p.ID)
	if err != nil {
		return u, err
	}
	for _, key := range keys {
		var c webauthn.Credential
		if err := json.Unmarshal(key.Credential, &c); err != nil {
			return u, fmt.Errorf("players: passkey of %s: %w", p.ID, err)
		}
		u.creds = append(u.creds, c)
	}
	return u, nil
}

// BeginRegistration begins registering a passkey: guest p signing up
// with it under username, or account p adding one. It returns the
// options the browser's navigator.credentials.create takes.
func (k Passkeys) BeginRegistration(ctx context.Context, b Browser, p Player, username string) (*protocol.CredentialCreation, error) {
	c := ceremony{Username: p.Username}
	if p.Guest {
		var err error
		if c.Username, err = k.freeUsername(ctx, username); err != nil {
			return nil, err
		}
	}
	wa, err := relyingParty(b.Origin)
	if err != nil {
		return nil, err
	}
	user, err := k.webUserOf(ctx, p, c.Username)
	if err != nil {
		return nil, err
	}
	options, sd, err := wa.BeginRegistration(user,
		webauthn.WithResidentKeyRequirement(protocol.ResidentKeyRequirementRequired),
		webauthn.WithExclusions(webauthn.Credentials(user.creds).CredentialDescriptors()))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrPasskey, err)
	}
	c.Session = *sd
	return options, k.keepCeremony(ctx, b, ceremonyRegister, c)
}

// freeUsername checks a username a guest signs up under, and that no
// account has it yet (the sign-up at the end checks it again).
func (k Passkeys) freeUsername(ctx context.Context, username string) (string, error) {
	username, err := Username(username)
	if err != nil {
		return "", err
	}
	_, _, err = k.Store.AccountByUsername(ctx, UsernameKey(username))
	if err == nil {
		return "", fmt.Errorf("%w: %q", ErrNameTaken, username)
	} else if !errors.Is(err, store.ErrNoPlayer) {
		return "", err
	}
	return username, nil
}

func (k Passkeys) keepCeremony(ctx context.Context, b Browser, kind string, c ceremony) error {
	data, err := json.Marshal(c)
	if err != nil {
		return err
	}
	return k.Store.BeginCeremony(ctx, seats.Hash(b.Session), kind, data, k.Now().Add(ceremonyTTL))
}

// takeCeremony returns, once, the browser's ceremony of a kind.
func (k Passkeys) takeCeremony(ctx context.Context, b Browser, kind string) (ceremony, error) {
	var c ceremony
	data, err := k.Store.FinishCeremony(ctx, seats.Hash(b.Session), kind, k.Now())
	if errors.Is(err, store.ErrNoCeremony) {
		return c, fmt.Errorf("%w: no passkey %s in progress (or it took too long): start again", ErrPasskey, kind)
	}
	if err != nil {
		return c, err
	}
	return c, json.Unmarshal(data, &c)
}

// FinishRegistration verifies the browser's new passkey (credential,
// its JSON) and stores it under name: the guest p who began becomes an
// account, or account p has one more. It returns p as it is now.
func (k Passkeys) FinishRegistration(ctx context.Context, b Browser, p Player, name string, credential []byte) (Player, error) {
	name, err := PasskeyName(name)
	if err != nil {
		return p, err
	}
	c, err := k.takeCeremony(ctx, b, ceremonyRegister)
	if err != nil {
		return p, err
	}
	cred, err := k.create(ctx, b, p, c, credential)
	if err != nil {
		return p, err
	}
	data, err := json.Marshal(cred)
	if err != nil {
		return p, err
	}
	now := k.Now()
	key := store.Passkey{ID: cred.ID, PlayerID: p.ID, Name: name, Credential: data, CreatedAt: now, LastUsedAt: now}
	if !p.Guest {
		return p, k.Store.AddPasskey(ctx, key)
	}
	err = signUpError(k.Store.SignUp(ctx, store.SignUp{ID: p.ID, Username: c.Username, Key: UsernameKey(c.Username), Passkey: &key, At: now}), c.Username)
	if err == nil {
		p.Guest, p.Username = false, c.Username
	}
	return p, err
}

// create verifies a new passkey against the ceremony begun.
func (k Passkeys) create(ctx context.Context, b Browser, p Player, c ceremony, credential []byte) (*webauthn.Credential, error) {
	wa, err := relyingParty(b.Origin)
	if err != nil {
		return nil, err
	}
	parsed, err := protocol.ParseCredentialCreationResponseBytes(credential)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrPasskey, err)
	}
	user, err := k.webUserOf(ctx, p, c.Username)
	if err != nil {
		return nil, err
	}
	cred, err := wa.CreateCredential(user, c.Session, parsed)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrPasskey, err)
	}
	return cred, nil
}

// List returns an account's passkeys as GET /api/account/passkeys shows
// them (never null: an empty list).
func (k Passkeys) List(ctx context.Context, player string) ([]api.Passkey, error) {
	keys, err := k.Store.Passkeys(ctx, player)
	if err != nil {
		return nil, err
	}
	out := []api.Passkey{}
	for _, key := range keys {
		out = append(out, api.Passkey{ID: base64.RawURLEncoding.EncodeToString(key.ID), Name: key.Name, Created: key.CreatedAt, LastUsed: key.LastUsedAt})
	}
	return out, nil
}

// Delete deletes one of account p's passkeys, unless it is its last way
// to log in (no password, no other passkey): ErrLastCredential, or
// ErrNoPasskey when p has no such passkey.
func (k Passkeys) Delete(ctx context.Context, p Player, id []byte) error {
	keys, err := k.Store.Passkeys(ctx, p.ID)
	if err != nil {
		return err
	}
	hash, err := k.Store.PasswordHash(ctx, p.ID)
	if err != nil {
		return err
	}
	if hash == "" && len(keys) <= 1 {
		return fmt.Errorf("%w: set a password or add another passkey first", ErrLastCredential)
	}
	err = k.Store.DeletePasskey(ctx, p.ID, id)
	if errors.Is(err, store.ErrNoPasskey) {
		return fmt.Errorf("%w: %w", ErrNoPasskey, err)
	}
	return err
}

// BeginLogin begins a login with a passkey the browser chooses (a
// discoverable one: no username is typed), and returns the options the
// browser's navigator.credentials.get takes.
func (k Passkeys) BeginLogin(ctx context.Context, b Browser) (*protocol.CredentialAssertion, error) {
	wa, err := relyingParty(b.Origin)
	if err != nil {
		return nil, err
	}
	options, sd, err := wa.BeginDiscoverableLogin()
	if err == nil {
		err = k.keepCeremony(ctx, b, ceremonyLogin, ceremony{Session: *sd})
	}
	if err != nil {
		return nil, err
	}
	return options, nil
}

// FinishLogin verifies the passkey's assertion (credential, its JSON)
// and returns its account, which the browser is then logged in to as by
// a password (Accounts.StartSession).
func (k Passkeys) FinishLogin(ctx context.Context, b Browser, credential []byte) (store.Player, error) {
	c, err := k.takeCeremony(ctx, b, ceremonyLogin)
	if err != nil {
		return store.Player{}, err
	}
	wa, err := relyingParty(b.Origin)
	if err != nil {
		return store.Player{}, err
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes(credential)
	if err != nil {
		return store.Player{}, fmt.Errorf("%w: %w", ErrPasskey, err)
	}
	acct, cred, err := k.validate(ctx, wa, c, parsed)
	if err != nil {
		return store.Player{}, err
	}
	data, err := json.Marshal(cred)
	if err != nil {
		return store.Player{}, err
	}
	return acct, k.Store.UsePasskey(ctx, cred.ID, data, k.Now())
}

// validate checks an assertion against the ceremony begun and returns
// the passkey's account and credential (its counter moved).
func (k Passkeys) validate(ctx context.Context, wa *webauthn.WebAuthn, c ceremony, parsed *protocol.ParsedCredentialAssertionData) (store.Player, *webauthn.Credential, error) {
	var acct store.Player
	owner := func(rawID, userHandle []byte) (webauthn.User, error) {
		key, err := k.Store.PasskeyByID(ctx, rawID)
		if err != nil || key.PlayerID != string(userHandle) {
			return nil, fmt.Errorf("%w: unknown passkey", ErrPasskey)
		}
		if acct, err = k.Store.LoadPlayer(ctx, key.PlayerID); err != nil {
			return nil, err
		}
		return k.webUserOf(ctx, Of(acct), acct.Username)
	}
	cred, err := wa.ValidateDiscoverableLogin(owner, c.Session, parsed)
	if err == nil {
		err = checkCounter(cred)
	}
	if err != nil {
		return store.Player{}, nil, fmt.Errorf("%w: %w", ErrPasskey, err)
	}
	if acct.Kind != store.PlayerAccount {
		return store.Player{}, nil, fmt.Errorf("%w: unknown passkey", ErrPasskey)
	}
	return acct, cred, nil
}

// errCloned is why a login with a passkey whose counter went back is
// refused (the caller wraps it in ErrPasskey).
var errCloned = errors.New("the passkey's signature counter did not increase: it may have been copied")

// checkCounter refuses a login whose authenticator's signature counter
// did not increase (WebAuthn's sign of a cloned authenticator: the
// library flags it, CloneWarning, and leaves the decision to us). An
// authenticator that keeps no counter (always 0) is not concerned.
func checkCounter(cred *webauthn.Credential) error {
	if cred.Authenticator.CloneWarning {
		return errCloned
	}
	return nil
}
