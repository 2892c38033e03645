package server

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"strings"
)

// newToken returns a seat token (128 random bits as hex) and the hash the
// store keeps instead of it.
func newToken() (token string, hash []byte) {
	var b [16]byte
	rand.Read(b[:])
	token = hex.EncodeToString(b[:])
	return token, hashToken(token)
}

func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// tokenMatches compares in constant time, so that response times tell
// nothing about a guessed token.
func tokenMatches(token string, hash []byte) bool {
	return len(hash) == sha256.Size && subtle.ConstantTimeCompare(hashToken(token), hash) == 1
}

// newGameID returns a random game id of 12 lower-case letters and digits
// (60 bits): ids are not secrets, but they should not be guessable in
// sequence either.
func newGameID() string {
	return strings.ToLower(rand.Text()[:12])
}
