package players_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/internal/players"
)

func TestPassword(t *testing.T) {
	t.Parallel()
	h := players.HashPassword("correct horse", players.DefaultPasswordParams)
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("got hash %q, want argon2id with the default parameters", h)
	}
	if h2 := players.HashPassword("correct horse", players.DefaultPasswordParams); h2 == h {
		t.Errorf("got the same hash twice, want a salt of its own each time")
	}
	for _, tc := range []struct {
		pw, hash string
		want     bool
	}{
		{"correct horse", h, true},
		{"correct hors", h, false},
		{"Correct horse", h, false},
		{"correct horse", "", false},
		{"correct horse", "$argon2id$v=19$m=99999999,t=1,p=1$AAAA$AAAA", false},
		{"correct horse", strings.Replace(h, "argon2id", "argon2i", 1), false},
		{"correct horse", h[:len(h)-4], false},
	} {
		if got := players.CheckPassword(tc.pw, tc.hash); got != tc.want {
			t.Errorf("CheckPassword(%q, %.30q): got %v, want %v", tc.pw, tc.hash, got, tc.want)
		}
	}
	for _, tc := range []struct {
		pw string
		ok bool
	}{
		{"12345678", true}, {"1234567", false}, {strings.Repeat("é", 128), true}, {strings.Repeat("é", 129), false}, {"\xff\xff\xff\xff\xff\xff\xff\xff", false},
	} {
		if err := players.CheckNewPassword(tc.pw); (err == nil) != tc.ok || (err != nil && !errors.Is(err, players.ErrWeakPassword)) {
			t.Errorf("CheckNewPassword(%.12q): got %v, want ok=%v", tc.pw, err, tc.ok)
		}
	}
}
