package yoxii

import (
	"errors"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

func TestParseBad(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pos, want string
	}{
		{"", "want 2 space-separated fields"},
		{"3/5/7/3T3/7/5/3", "want 2 space-separated fields"},
		{"3/5/7/3T3/7/5/3 w x", "got 3"},
		{" 3/5/7/3T3/7/5/3 w", "got 3"},
		{"3/5/7/3T3/7/5/3\tw", "got 1"},
		{"3/5/7/3T3/7/5 w", "field 1 (board) has 6 rows, want 7"},
		{"3/5/7/3T3/7/5/3/3 w", "has 8 rows"},
		{"4/5/7/3T3/7/5/3 w", "rank 7 \"4\" has 4 squares, want 3"},
		{"3/5/7/3T4/7/5/3 w", "rank 4 \"3T4\" has 8 squares, want 7"},
		{"3/5/7/3T2/7/5/3 w", "rank 4 \"3T2\" has 6 squares, want 7"},
		{"3/5/7/3T3/7/5/3O w", "rank 1 \"3O\" has more than 3 squares"},
		{"3/5/7/3T3//5/3 w", "rank 3 \"\" has 0 squares"},
		{"3/5/7/12T3/7/5/3 w", "rank 4: run of empty squares split in two digits"},
		{"3/5/7/0T6/7/5/3 w", "rank 4: '0' is not a piece"},
		{"3/5/7/3t3/7/5/3 w", "rank 4: 't' is not a piece"},
		{"3/5/7/3TA2/7/5/3 w", "'A' is not a piece"},
		{"3/5/7/7/7/5/3 w", "has no totem T"},
		{"3/5/7/3TT2/7/5/3 w", "second totem T on e4"},
		{"3/5/7/3T3/7/5/3 x", "field 2 (side to act) \"x\" is not w or r"},
		{"3/5/7/3T3/7/5/3 W", "field 2 (side to act) \"W\" is not w or r"},
		{"XXX/X4/7/3T3/7/xxx2/xo1 r", "4 white pieces of value 4, the set has 3"},
		{"OOO/OOO2/7/3T3/oooooo1/5/3 w", "6 white pieces of value 1, the set has 5"},
		{"O2/5/7/3T3/7/5/3 w", "field 2 (side to act) is w, but 1 white and 0 red pieces put r to act"},
		{"3/5/7/3T3/7/5/o2 r", "0 white and 1 red pieces: white must have as many as red or one more"},
		{"OO1/5/7/3T3/7/5/3 r", "2 white and 0 red pieces"},
	} {
		t.Run(tc.pos, func(t *testing.T) {
			t.Parallel()
			_, err := Parse(tc.pos)
			if err == nil {
				t.Fatalf("got no error, want one containing %q", tc.want)
			}
			if !errors.Is(err, game.ErrBadPosition) {
				t.Errorf("got %v, want an error wrapping game.ErrBadPosition", err)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "yoxii: ") {
				t.Errorf("got %q, want yoxii: ... %q", err, tc.want)
			}
		})
	}
}

func TestParseGood(t *testing.T) {
	t.Parallel()
	for _, pos := range []string{
		StartPosition,
		"O2/5/7/3T3/7/5/3 r",
		"yxo/i1o1y/2iY3/YIOTOI1/4X2/5/3 w",
		"3/5/7/7/6O/1oiy1/XTX w",
	} {
		t.Run(pos, func(t *testing.T) {
			t.Parallel()
			s, err := Parse(pos)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.String(); got != pos {
				t.Errorf("got %q, want %q", got, pos)
			}
		})
	}
}

func TestHands(t *testing.T) {
	t.Parallel()
	s, err := Parse("XXX/5/7/3T3/7/5/ooo w")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		p    game.Player
		want [5]int8
	}{{game.First, [5]int8{0, 5, 5, 5, 0}}, {game.Second, [5]int8{0, 2, 5, 5, 3}}} {
		if got := s.hand[tc.p]; got != tc.want {
			t.Errorf("%s hand: got %v, want %v", playerNames[tc.p], got, tc.want)
		}
	}
}
