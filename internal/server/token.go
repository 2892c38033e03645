package server

import (
	"crypto/rand"
	"strings"

	"github.com/plateau-games/plateau/internal/seats"
)

// newGameID returns a random game id of 12 lower-case letters and digits
// (60 bits): ids are not secrets, but they should not be guessable in
// sequence either.
func newGameID() string {
	return strings.ToLower(rand.Text()[:12])
}

// hashToken returns the SHA-256 the database keeps instead of a secret
// token (a session's).
func hashToken(token string) []byte { return seats.Hash(token) }
