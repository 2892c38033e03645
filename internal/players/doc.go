// Package players is who is playing: guests, made on a first visit, and
// accounts, which a guest becomes by choosing a username and a password
// or a passkey. It holds the Player the server's middleware attaches to
// every browser request (NewContext, FromContext), the rules of names
// (DisplayName, Username, Reserved) and the domain errors of identity,
// each with a Code clients translate.
//
// The store keeps players and sessions (internal/store); the HTTP side
// is internal/server/players.go; docs/accounts.md gives the security
// decisions.
package players
