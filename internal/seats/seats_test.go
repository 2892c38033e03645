package seats

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
)

func TestClaim(t *testing.T) {
	t.Parallel()
	inv, invHash := NewToken()
	own, ownHash := NewToken()
	open := [2]Seat{{Human: true, Player: "alice", TokenHash: ownHash}, {Human: true, TokenHash: invHash}}
	taken := [2]Seat{{Human: true, Player: "alice", TokenHash: ownHash}, {Human: true, Player: "bob", TokenHash: invHash}}
	for _, tc := range []struct {
		name    string
		seats   [2]Seat
		player  string
		tokens  []string
		changes string
		mine    string
		err     error
	}{
		{"friend accepts", open, "bob", []string{inv}, "[{1 bob}]", "[1]", nil},
		{"friend again", taken, "bob", []string{inv}, "[]", "[1]", nil},
		{"creator opens own invite", open, "alice", []string{inv}, "[]", "[0]", ErrOwnInvite},
		{"creator's own token", open, "alice", []string{own}, "[]", "[0]", nil},
		{"third player, seat taken", taken, "carol", []string{inv}, "[]", "[]", ErrTaken},
		{"wrong token", open, "bob", []string{"nope"}, "[]", "[]", ErrNoSeat},
		{"no player", open, "", []string{inv}, "[]", "[]", ErrNoPlayer},
		{"someone else's seat by its token", open, "bob", []string{own}, "[]", "[]", ErrTaken},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			changes, mine, err := Claim(tc.seats, tc.player, tc.tokens)
			var ch []string
			for _, c := range changes {
				ch = append(ch, fmt.Sprintf("{%d %s}", c.Seat, c.Player))
				if !bytes.Equal(c.TokenHash, tc.seats[c.Seat].TokenHash) {
					t.Errorf("seat %d: the claim changed the token hash", c.Seat)
				}
			}
			if fmt.Sprint(ch) != tc.changes || fmt.Sprint(mine) != tc.mine || !errors.Is(err, tc.err) {
				t.Errorf("got %v %v %v, want %s %s %v", ch, mine, err, tc.changes, tc.mine, tc.err)
			}
		})
	}
	// A browser that held both seats of a game at one device takes both.
	t0, hh0 := NewToken()
	t1, hh1 := NewToken()
	legacy := [2]Seat{{Human: true, TokenHash: hh0}, {Human: true, TokenHash: hh1}}
	changes, mine, err := Claim(legacy, "dan", []string{t0, t1})
	if err != nil || len(changes) != 2 || fmt.Sprint(mine) != "[0 1]" {
		t.Errorf("both tokens: got %v %v %v, want both seats dan's", changes, mine, err)
	}
	var te *TakenError
	if _, _, err := Claim(open, "bob", []string{own}); !errors.As(err, &te) || te.Player != "alice" || te.Seat != 0 {
		t.Errorf("got %v, want seat 0 taken by alice", err)
	}
}

func TestInvite(t *testing.T) {
	t.Parallel()
	ai := Seat{}
	for _, tc := range []struct {
		name  string
		seats [2]Seat
		want  int
		err   error
	}{
		{"open", [2]Seat{{Human: true}, {Human: true, Player: "alice"}}, 0, nil},
		{"claimed", [2]Seat{{Human: true, Player: "bob"}, {Human: true, Player: "alice"}}, 0, ErrNoInvite},
		{"against the AI", [2]Seat{{Human: true, Player: "alice"}, ai}, 0, ErrNoInvite},
		{"at one device", [2]Seat{{Human: true, Player: "alice"}, {Human: true, Player: "alice"}}, 0, ErrNoInvite},
		{"not alice's", [2]Seat{{Human: true, Player: "bob"}, {Human: true}}, 0, ErrNotYours},
	} {
		got, err := Invite(tc.seats, "alice")
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("%s: got %d, %v, want %d, %v", tc.name, got, err, tc.want, tc.err)
		}
	}
}

func TestKeys(t *testing.T) {
	t.Parallel()
	key, id, hash := NewKey()
	if !IsKey(key) || IsKey(id) || !Matches(key, hash) || Matches(key+"x", hash) || Matches("", hash) {
		t.Errorf("got key %q id %q: want a key that matches its hash alone", key, id)
	}
	if tok, _ := NewToken(); IsKey(tok) {
		t.Errorf("seat token %q taken for a key", tok)
	}
	for _, tc := range []struct {
		label string
		ok    bool
	}{{"", true}, {"my bot", true}, {"tab\there", false}, {string(make([]byte, 61)), false}} {
		if err := CheckLabel(tc.label); (err == nil) != tc.ok {
			t.Errorf("label %q: got %v, want ok %v", tc.label, err, tc.ok)
		}
	}
}

func TestActs(t *testing.T) {
	t.Parallel()
	tok, hash := NewToken()
	for _, tc := range []struct {
		name string
		seat Seat
		want bool
	}{
		{"nobody seated", Seat{Human: true, TokenHash: hash}, true},
		{"claimed", Seat{Human: true, TokenHash: hash, Player: "bob"}, false},
		{"no token", Seat{Human: true}, false},
		{"AI", Seat{TokenHash: hash}, false},
	} {
		if got := Acts(tc.seat, tok); got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}
