package players

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of names, in characters (runes).
const (
	MinNameLen     = 2
	MaxNameLen     = 24
	MinUsernameLen = 3
	MaxUsernameLen = 20
)

// maxRawName bounds the bytes looked at: anything longer is refused
// before any work is done on it.
const maxRawName = 256

// DisplayName checks a display name and returns it cleaned: spaces
// trimmed and runs of spaces made one. It allows letters (any script),
// combining marks after a letter, digits, spaces and - _ . ' ; it needs a
// letter, 2 to 24 characters, and no reserved word (see Reserved). Control
// and formatting characters (bidirectional overrides, zero-width joiners)
// and symbols are refused, so a name cannot disguise itself or the page.
func DisplayName(s string) (string, error) {
	if len(s) > maxRawName || !utf8.ValidString(s) {
		return "", fmt.Errorf("%w: display name too long or not UTF-8", ErrBadName)
	}
	name := strings.Join(strings.Fields(s), " ")
	n := utf8.RuneCountInString(name)
	if n < MinNameLen || n > MaxNameLen {
		return "", fmt.Errorf("%w: a display name has %d to %d characters", ErrBadName, MinNameLen, MaxNameLen)
	}
	letters, prev := 0, ' '
	for _, r := range name {
		switch {
		case unicode.IsLetter(r):
			letters++
		case unicode.Is(unicode.Mn, r) && unicode.IsLetter(prev):
		case unicode.Is(unicode.Nd, r), strings.ContainsRune(" -_.'", r):
		default:
			return "", fmt.Errorf("%w: %q is not allowed in a display name (letters, digits, spaces and - _ . ' are)", ErrBadName, r)
		}
		if !unicode.Is(unicode.Mn, r) {
			prev = r
		}
	}
	if letters == 0 {
		return "", fmt.Errorf("%w: a display name needs a letter", ErrBadName)
	}
	if Reserved(name) {
		return "", fmt.Errorf("%w: %q", ErrReservedName, name)
	}
	return name, nil
}

// Username checks a username and returns it as typed: 3 to 20 ASCII
// letters, digits, - and _, starting with a letter, not reserved. Case
// is kept for display; uniqueness ignores it (see UsernameKey).
func Username(s string) (string, error) {
	if len(s) > maxRawName {
		return "", fmt.Errorf("%w: username too long", ErrBadName)
	}
	if n := len(s); n < MinUsernameLen || n > MaxUsernameLen {
		return "", fmt.Errorf("%w: a username has %d to %d characters", ErrBadName, MinUsernameLen, MaxUsernameLen)
	}
	for i, r := range s {
		ok := r < utf8.RuneSelf && (unicode.IsLetter(r) || (i > 0 && (unicode.IsDigit(r) || r == '-' || r == '_')))
		if !ok {
			return "", fmt.Errorf("%w: a username is ASCII letters, digits, - and _, starting with a letter", ErrBadName)
		}
	}
	if Reserved(s) {
		return "", fmt.Errorf("%w: %q", ErrReservedName, s)
	}
	return s, nil
}

// UsernameKey is the form usernames are compared in: "Alice" and
// "alice" are the same account.
func UsernameKey(username string) string { return strings.ToLower(username) }
