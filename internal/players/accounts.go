package players

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/seats"
	"github.com/plateau-games/plateau/internal/store"
)

// The login throttle (docs/accounts.md): attempts are counted in the
// database per username and per client address in fixed windows, so
// that it holds however many servers share the database. A successful
// login clears its username's count and gives its address's attempt
// back.
const (
	// ThrottleWindow is the window attempts are counted in; a throttled
	// client may try again after it.
	ThrottleWindow  = 15 * time.Minute
	maxUserAttempts = 5
	maxAddrAttempts = 30
)

// AccountStore is the slice of the store accounts use.
type AccountStore interface {
	SignUp(ctx context.Context, u store.SignUp) error
	AccountByUsername(ctx context.Context, key string) (store.Player, string, error)
	PasswordHash(ctx context.Context, player string) (string, error)
	SetPassword(ctx context.Context, player, hash string, keep []byte, now time.Time) error
	LoginAttempt(ctx context.Context, key string, now time.Time, window time.Duration) (int, error)
	ForgetAttempts(ctx context.Context, key string) error
	RefundAttempt(ctx context.Context, key string) error
	AddSession(ctx context.Context, s store.Session) error
	MergeGuest(ctx context.Context, guest, account string, now time.Time) error
	EndSession(ctx context.Context, tokenHash []byte) error
	LoadPlayer(ctx context.Context, id string) (store.Player, error)
	RenamePlayer(ctx context.Context, id, name string, at time.Time) error
	DeleteAccount(ctx context.Context, id, name string, at time.Time) error
}

// Accounts signs guests up, logs accounts in and out, renames players,
// changes passwords and deletes accounts.
type Accounts struct {
	Store AccountStore
	Now   func() time.Time
}

// SignUp makes guest p the account username with password, and returns
// the account.
func (a Accounts) SignUp(ctx context.Context, p Player, username, password string) (Player, error) {
	if !p.Guest {
		return p, fmt.Errorf("%w: already signed up as %s", ErrAlreadyAccount, p.Username)
	}
	username, err := Username(username)
	if err == nil {
		err = CheckNewPassword(password)
	}
	if err == nil {
		hash := HashPassword(password, DefaultPasswordParams)
		err = a.Store.SignUp(ctx, store.SignUp{ID: p.ID, Username: username, Key: UsernameKey(username), PasswordHash: hash, At: a.Now()})
	}
	if err = signUpError(err, username); err != nil {
		return p, err
	}
	p.Guest, p.Username = false, username
	return p, nil
}

// signUpError says the store's refusal of a sign-up (by password, or by
// passkey: Passkeys.FinishRegistration) in this package's words.
func signUpError(err error, username string) error {
	switch {
	case errors.Is(err, store.ErrUsernameTaken):
		return fmt.Errorf("%w: %q", ErrNameTaken, username)
	case errors.Is(err, store.ErrNotGuest):
		return fmt.Errorf("%w: already signed up", ErrAlreadyAccount)
	}
	return err
}

// Login counts a login attempt from client address addr, checks the
// password and returns the account. An unknown username costs the time
// of a password check too, and gets the same answer as a wrong password.
func (a Accounts) Login(ctx context.Context, username, password, addr string) (store.Player, error) {
	key := UsernameKey(username)
	user, client := "user:"+key, "addr:"+addr
	if err := a.countAttempt(ctx, user, client); err != nil {
		return store.Player{}, err
	}
	acct, hash, err := a.Store.AccountByUsername(ctx, key)
	if err != nil && !errors.Is(err, store.ErrNoPlayer) {
		return store.Player{}, err
	}
	if hash == "" {
		CheckDecoy(password)
		return store.Player{}, ErrBadCredentials
	}
	if !CheckPassword(password, hash) {
		return store.Player{}, ErrBadCredentials
	}
	if err := a.Store.ForgetAttempts(ctx, user); err != nil {
		return store.Player{}, err
	}
	return acct, a.Store.RefundAttempt(ctx, client)
}

// countAttempt counts a login attempt under each key, and refuses it
// (ErrThrottled) when a key is over its allowance for the window.
func (a Accounts) countAttempt(ctx context.Context, keys ...string) error {
	for _, key := range keys {
		limit := maxUserAttempts
		if strings.HasPrefix(key, "addr:") {
			limit = maxAddrAttempts
		}
		n, err := a.Store.LoginAttempt(ctx, key, a.Now(), ThrottleWindow)
		if err != nil {
			return err
		}
		if n > limit {
			return fmt.Errorf("%w: try again in %v", ErrThrottled, ThrottleWindow)
		}
	}
	return nil
}

// StartSession makes a browser's session acct's and returns its token
// and expiry. The browser's previous session (current, of token old)
// ends; if it was a guest's, the guest is merged into the account
// first, so that its games become the account's: nothing played before
// logging in is lost (docs/accounts.md).
func (a Accounts) StartSession(ctx context.Context, acct store.Player, current Player, hasCurrent bool, old string) (string, time.Time, error) {
	now := a.Now()
	token, ss := NewSession(acct.ID, now)
	err := a.Store.AddSession(ctx, ss)
	if err == nil && hasCurrent && current.Guest && current.ID != acct.ID {
		err = a.Store.MergeGuest(ctx, current.ID, acct.ID, now)
	} else if err == nil && old != "" {
		err = a.Store.EndSession(ctx, seats.Hash(old))
	}
	return token, ss.ExpiresAt, err
}

// ChangePassword checks account p's old password (counted as a login
// attempt: a borrowed session cannot guess it fast) and sets the new
// one, ending every session of the account but the one of token keep.
func (a Accounts) ChangePassword(ctx context.Context, p Player, old, new, keep string) error {
	user := "user:" + UsernameKey(p.Username)
	if err := a.countAttempt(ctx, user); err != nil {
		return err
	}
	hash, err := a.Store.PasswordHash(ctx, p.ID)
	if err != nil {
		return err
	}
	if hash != "" && !CheckPassword(old, hash) {
		return fmt.Errorf("%w: the current password is wrong", ErrBadCredentials)
	}
	if err := CheckNewPassword(new); err != nil {
		return err
	}
	if err := a.Store.SetPassword(ctx, p.ID, HashPassword(new, DefaultPasswordParams), seats.Hash(keep), a.Now()); err != nil {
		return err
	}
	return a.Store.ForgetAttempts(ctx, user)
}

// Logout ends the session of token, if the browser has one ("" when
// not): the browser is a new guest afterwards, and the account's games
// stay with the account.
func (a Accounts) Logout(ctx context.Context, token string) error {
	if token == "" {
		return nil
	}
	return a.Store.EndSession(ctx, seats.Hash(token))
}

// HasPassword reports whether p may log in with a password (a guest or
// a deleted account never may).
func (a Accounts) HasPassword(ctx context.Context, p Player) (bool, error) {
	if p.Guest || p.Deleted {
		return false, nil
	}
	hash, err := a.Store.PasswordHash(ctx, p.ID)
	return hash != "", err
}

// Player returns the player of an id (an API key's, say).
func (a Accounts) Player(ctx context.Context, id string) (Player, error) {
	p, err := a.Store.LoadPlayer(ctx, id)
	if err != nil {
		return Player{}, err
	}
	return Of(p), nil
}

// Rename gives p the display name name, once checked, and returns p
// renamed.
func (a Accounts) Rename(ctx context.Context, p Player, name string) (Player, error) {
	name, err := DisplayName(name)
	if err != nil {
		return p, err
	}
	if err := a.Store.RenamePlayer(ctx, p.ID, name, a.Now()); err != nil {
		return p, err
	}
	p.Name = name
	return p, nil
}

// Delete deletes account p: its credentials and sessions go, its name
// becomes an anonymous one, and its games stay under it.
func (a Accounts) Delete(ctx context.Context, p Player) error {
	return a.Store.DeleteAccount(ctx, p.ID, AnonymousName(), a.Now())
}

// Me is p as GET /api/me shows it, with whether it has a password.
func (a Accounts) Me(ctx context.Context, p Player) (api.Me, error) {
	me := MeOf(p)
	var err error
	me.Password, err = a.HasPassword(ctx, p)
	return me, err
}

// MeOf is p as GET /api/me shows it, before its password is looked up
// (a guest has none).
func MeOf(p Player) api.Me {
	return api.Me{ID: p.ID, Name: p.Name, Guest: p.Guest, Username: p.Username, Joined: p.Joined}
}
