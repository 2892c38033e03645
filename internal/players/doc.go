// Package players is who is playing: guests, made on a first visit, and
// accounts, which a guest becomes by choosing a username and a password
// or a passkey. It holds the Player the server's middleware attaches to
// every browser request (NewContext, FromContext), the rules of names
// (DisplayName, Username, Reserved, PasskeyName), passwords
// (CheckNewPassword, and HashPassword and CheckPassword with argon2id),
// and the domain errors of identity, each with a Code clients translate.
//
// Its services each take only the slice of the store they call:
// Sessions (who a session token names, new guests, the sweeper),
// Accounts (sign-up, login with its throttle, logout, renaming, password
// changes, deletion), Passkeys (the WebAuthn ceremonies, kept in the
// store so that any server may finish one), Directory (naming players in
// documents) and Export (the personal data export). None reads an HTTP
// request: the edge passes plain values (a session token, an origin).
//
// The store keeps players and sessions (internal/store); the HTTP side
// is internal/server/players.go, accounts.go and passkeys.go;
// docs/accounts.md gives the security decisions.
package players
