package api

import (
	"encoding/json"
	"time"
)

// Me answers GET /api/me (and every change of the player's own
// settings): the player the request's session belongs to.
type Me struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Guest is true until the player signs up.
	Guest bool `json:"guest"`
	// Username is the account's login name, absent for a guest.
	Username string    `json:"username,omitempty"`
	Joined   time.Time `json:"joined"`
	// Password says the account can log in with a password (the
	// settings then ask for it to change it).
	Password bool `json:"password,omitempty"`
}

// NameRequest is the body of PATCH /api/me (or POST /api/me/name): a new
// display name.
type NameRequest struct {
	Name string `json:"name"`
}

// Credentials is the body of POST /api/account/signup and
// POST /api/account/login.
type Credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// PasswordChange is the body of POST /api/account/password.
type PasswordChange struct {
	Old string `json:"old"`
	New string `json:"new"`
}

// DeleteAccount is the body of DELETE /api/account: the account's
// username, typed again, as confirmation.
type DeleteAccount struct {
	Confirm string `json:"confirm"`
}

// PasskeyBegin is the body of POST /api/account/passkeys/begin: the
// username a guest signs up under (empty when an account adds a passkey).
type PasskeyBegin struct {
	Username string `json:"username,omitempty"`
}

// PasskeyFinish is the body of POST /api/account/passkeys/finish and
// POST /api/account/login/passkey/finish: the browser's answer to the
// ceremony (the PublicKeyCredential, binary fields in base64url), and,
// when registering, a label for the passkey.
type PasskeyFinish struct {
	Name       string          `json:"name,omitempty"`
	Credential json.RawMessage `json:"credential"`
}

// Passkey is one passkey of an account, in GET /api/account/passkeys.
type Passkey struct {
	ID       string    `json:"id"` // base64url
	Name     string    `json:"name"`
	Created  time.Time `json:"created"`
	LastUsed time.Time `json:"lastUsed"`
}
