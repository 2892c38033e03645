package players_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/internal/players"
)

func TestDisplayName(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in, want string
		err      error
	}{
		{"Ada", "Ada", nil},
		{"  Ada \t Lovelace  ", "Ada Lovelace", nil},
		{"Zoé", "Zoé", nil},
		{"Zoe\u0301", "Zoe\u0301", nil}, // a combining accent after a letter
		{"Jean-Luc O'Neil", "Jean-Luc O'Neil", nil},
		{"李小龙", "李小龙", nil},
		{"Kai", "Kai", nil},
		{"Abbott", "Abbott", nil},
		{"Vega 4821", "Vega 4821", nil},
		{"A", "", players.ErrBadName},
		{"", "", players.ErrBadName},
		{strings.Repeat("é", 25), "", players.ErrBadName},
		{strings.Repeat("x", 300), "", players.ErrBadName},
		{"12345", "", players.ErrBadName},
		{"<b>hi</b>", "", players.ErrBadName},
		{"Bob\u202eevil", "", players.ErrBadName}, // right-to-left override
		{"Bo\u200bb", "", players.ErrBadName},     // zero-width space
		{"Bob\x00", "", players.ErrBadName},
		{"\xff\xfe", "", players.ErrBadName},
		{"\u0301Bob", "", players.ErrBadName}, // a mark with no letter
		{"Bob 😀", "", players.ErrBadName},
		{"admin", "", players.ErrReservedName},
		{"The Admin", "", players.ErrReservedName},
		{"Plateau", "", players.ErrReservedName},
		{"SYSTEM", "", players.ErrReservedName},
		{"AI level 5", "", players.ErrReservedName},
		{"AI", "", players.ErrReservedName},
		{"A.I.", "", players.ErrReservedName},
		{"A I 5", "", players.ErrReservedName},
		{"ai5", "", players.ErrReservedName},
		{"A1", "", players.ErrReservedName},
		{"Al", "", players.ErrReservedName}, // drawn like "AI"
		{"IA niveau 2", "", players.ErrReservedName},
		{"niveau 2", "", players.ErrReservedName},
		{"Level 3", "", players.ErrReservedName},
		{"L3vel 3", "", players.ErrReservedName},
		{"1evel 3", "", players.ErrReservedName},
		{"L E V E L", "", players.ErrReservedName},
		{"Ordinateur", "", players.ErrReservedName},
		{"Оrdinateur", "", players.ErrReservedName}, // a Cyrillic O
		{"Bot 3", "", players.ErrReservedName},
		{"Computer", "", players.ErrReservedName},
		{"Anonymous 1234", "", players.ErrReservedName},
	} {
		got, err := players.DisplayName(tc.in)
		if got != tc.want || !errors.Is(err, tc.err) || (tc.err == nil) != (err == nil) {
			t.Errorf("DisplayName(%q): got %q, %v, want %q, %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

func TestUsername(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in  string
		err error
	}{
		{"ada", nil},
		{"Ada_Lovelace-1815", nil},
		{"ab", players.ErrBadName},
		{strings.Repeat("a", 21), players.ErrBadName},
		{"1ada", players.ErrBadName},
		{"_ada", players.ErrBadName},
		{"ada lovelace", players.ErrBadName},
		{"adé", players.ErrBadName},
		{"ada@x", players.ErrBadName},
		{"Admin", players.ErrReservedName},
		{"ai_level_5", players.ErrReservedName},
		{"niveau2", players.ErrReservedName},
		{"plateau_team", players.ErrReservedName},
	} {
		got, err := players.Username(tc.in)
		if !errors.Is(err, tc.err) || (tc.err == nil) != (err == nil) || (err == nil && got != tc.in) {
			t.Errorf("Username(%q): got %q, %v, want %v", tc.in, got, err, tc.err)
		}
	}
	if players.UsernameKey("Ada") != players.UsernameKey("aDA") {
		t.Errorf("UsernameKey: got Ada and aDA apart, want them equal")
	}
}

// TestGuestNamesAllowed: a generated name passes the rules a guest's own
// choice must pass, and the anonymous name of a deleted account does not
// (nobody can pose as one).
func TestGuestNamesAllowed(t *testing.T) {
	t.Parallel()
	for range 200 {
		if n := players.GuestName(); func() error { _, err := players.DisplayName(n); return err }() != nil {
			t.Errorf("GuestName: got %q, refused by DisplayName", n)
		}
		if n := players.AnonymousName(); !players.Reserved(n) {
			t.Errorf("AnonymousName: got %q, want a reserved name", n)
		}
	}
}
