package players

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// Password rules, in characters: long enough to resist guessing once the
// login throttle slows it, short enough that hashing stays cheap.
const (
	MinPasswordLen = 8
	MaxPasswordLen = 128
)

// PasswordParams are the argon2id parameters of a password hash.
type PasswordParams struct {
	Time    uint32 // passes over memory
	Memory  uint32 // KiB
	Threads uint8
	KeyLen  uint32
	SaltLen int
}

// DefaultPasswordParams are OWASP's recommended minimum for argon2id
// (19 MiB, 2 passes, 1 thread): about 30 ms per hash on one core, and 19
// MiB per login in flight. A hash records its parameters, so raising
// them later leaves older hashes valid.
var DefaultPasswordParams = PasswordParams{Time: 2, Memory: 19 * 1024, Threads: 1, KeyLen: 32, SaltLen: 16}

// CheckNewPassword checks a password chosen at sign-up or change.
func CheckNewPassword(pw string) error {
	n := utf8.RuneCountInString(pw)
	if !utf8.ValidString(pw) || n < MinPasswordLen || n > MaxPasswordLen {
		return fmt.Errorf("%w: a password has %d to %d characters", ErrWeakPassword, MinPasswordLen, MaxPasswordLen)
	}
	return nil
}

// HashPassword returns the argon2id hash of pw with a random salt, in the
// PHC string format: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>.
func HashPassword(pw string, p PasswordParams) string {
	salt := make([]byte, p.SaltLen)
	rand.Read(salt)
	key := argon2.IDKey([]byte(pw), salt, p.Time, p.Memory, p.Threads, p.KeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads,
		b64.EncodeToString(salt), b64.EncodeToString(key))
}

// CheckPassword reports whether pw matches a hash made by HashPassword,
// in constant time. A malformed hash matches nothing.
func CheckPassword(pw, hash string) bool {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" || parts[2] != fmt.Sprintf("v=%d", argon2.Version) {
		return false
	}
	var p PasswordParams
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil ||
		p.Memory == 0 || p.Memory > 1<<20 || p.Time == 0 || p.Time > 16 || p.Threads == 0 {
		return false
	}
	b64 := base64.RawStdEncoding
	salt, err1 := b64.DecodeString(parts[4])
	want, err2 := b64.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(want) == 0 || len(want) > 64 {
		return false
	}
	got := argon2.IDKey([]byte(pw), salt, p.Time, p.Memory, p.Threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}

// decoyHash is checked against when a username is unknown, so that the
// answer takes as long as for a wrong password and tells nothing.
// It is made on first use, not at start.
var decoyHash = sync.OnceValue(func() string { return HashPassword("decoy password", DefaultPasswordParams) })

// CheckDecoy spends the time of a password check on nothing.
func CheckDecoy(pw string) { CheckPassword(pw, decoyHash()) }
