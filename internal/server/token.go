package server

import (
	"crypto/rand"
	"strings"
)

// newGameID returns a random game id of 12 lower-case letters and digits
// (60 bits): ids are not secrets, but they should not be guessable in
// sequence either.
func newGameID() string {
	return strings.ToLower(rand.Text()[:12])
}
