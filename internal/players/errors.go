package players

import "errors"

// Sentinel errors, checked with errors.Is. Every error of this package
// wraps one of them; Code gives each a short name that clients translate.
var (
	// ErrBadName: a display name or username breaks the length or
	// character rules.
	ErrBadName = errors.New("players: name not allowed")
	// ErrReservedName: the name is reserved (admin, plateau, system...)
	// or imitates the AI levels ("AI level 5", "Niveau 3"...).
	ErrReservedName = errors.New("players: name reserved")
	// ErrNameTaken: another account has that username (whatever its case).
	ErrNameTaken = errors.New("players: username taken")
	// ErrWeakPassword: the password is too short or too long.
	ErrWeakPassword = errors.New("players: password not allowed")
	// ErrBadCredentials: no account has this username and password (the
	// answer does not say which was wrong).
	ErrBadCredentials = errors.New("players: wrong username or password")
	// ErrThrottled: too many failed logins for this username or from this
	// address: wait and try again.
	ErrThrottled = errors.New("players: too many attempts")
	// ErrNotAccount: the action needs an account, and the player is a guest.
	ErrNotAccount = errors.New("players: not an account")
	// ErrAlreadyAccount: the guest is an account already.
	ErrAlreadyAccount = errors.New("players: already an account")
	// ErrNoSession: the request carries no valid session (none, unknown,
	// or expired).
	ErrNoSession = errors.New("players: no session")
	// ErrNotFound: no such player.
	ErrNotFound = errors.New("players: no such player")
)

// codes are the short names of the sentinels, the keys clients translate
// ("code.name_reserved" in the web client's words).
var codes = []struct {
	err  error
	code string
}{
	{ErrBadName, "name_invalid"},
	{ErrReservedName, "name_reserved"},
	{ErrNameTaken, "name_taken"},
	{ErrWeakPassword, "password_invalid"},
	{ErrBadCredentials, "bad_credentials"},
	{ErrThrottled, "throttled"},
	{ErrNotAccount, "not_account"},
	{ErrAlreadyAccount, "already_account"},
	{ErrNoSession, "no_session"},
	{ErrNotFound, "player_not_found"},
	{ErrPasskey, "passkey_failed"},
	{ErrLastCredential, "last_credential"},
	{ErrNoPasskey, "not_found"},
}

// Code returns the short name of the sentinel err wraps, or "" if none.
func Code(err error) string {
	for _, c := range codes {
		if errors.Is(err, c.err) {
			return c.code
		}
	}
	return ""
}

// ErrPasskey: a passkey ceremony failed: no ceremony in progress (or it
// expired), a response that does not verify, or an unknown passkey.
var ErrPasskey = errors.New("players: passkey not accepted")

// ErrLastCredential: the passkey is the account's only way to log in.
var ErrLastCredential = errors.New("players: last way to log in")

// ErrNoPasskey: the account has no such passkey (the edge answers it as
// any missing thing, not_found).
var ErrNoPasskey = errors.New("players: no such passkey")
