package yoxii

import (
	"errors"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

func TestParseMoveBad(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		move, want string
	}{
		{"", "no @"},
		{"d5,3d4", "no @"},
		{"d53@d4", "no comma"},
		{"a1,3@d4", "totem square \"a1\" is not a square of the board"},
		{"h4,3@d4", "totem square \"h4\""},
		{"d5 ,3@d4", "totem square \"d5 \""},
		{"d5,5@d4", "value \"5\" is not 1, 2, 3 or 4"},
		{"d5,0@d4", "value \"0\""},
		{"d5,33@d4", "value \"33\""},
		{"d5,@d4", "value \"\""},
		{"d5,3@g7", "placement square \"g7\" is not a square of the board"},
		{"d5,3@d4@d3", "placement square \"d4@d3\""},
		{"d5,3@d5", "cannot go on the totem's square d5"},
	} {
		t.Run(tc.move, func(t *testing.T) {
			t.Parallel()
			_, err := New().ParseMove(tc.move)
			if err == nil {
				t.Fatalf("got no error, want one containing %q", tc.want)
			}
			if !errors.Is(err, game.ErrBadMove) {
				t.Errorf("got %v, want an error wrapping game.ErrBadMove", err)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "yoxii: ") {
				t.Errorf("got %q, want yoxii: ... %q", err, tc.want)
			}
		})
	}
}

func TestPlayChecked(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pos, move string
		want      error // nil: legal
	}{
		{StartPosition, "d5,3@d4", nil},
		{StartPosition, "D5,3@E6", nil},
		{StartPosition, "d6,3@d5", game.ErrIllegalMove},           // not next to the totem
		{StartPosition, "d5,3@d3", game.ErrIllegalMove},           // not next to the new square
		{"XXX/5/7/3T3/7/5/ooo w", "d5,4@d4", game.ErrIllegalMove}, // no 4 left in hand
		{"XXX/5/7/3T3/7/5/ooo w", "d5,1@d4", nil},
		// After a jump the vacated square is not adjacent: g4 is reached
		// over e4 f4, and d4 is two files away.
		{"yxo/i1o1y/2iY3/YIOTOI1/4X2/5/3 w", "g4,1@d4", game.ErrIllegalMove},
		{"yxo/i1o1y/2iY3/YIOTOI1/4X2/5/3 w", "g4,1@g5", nil},
		{"yxo/i1o1y/2iY3/YIOTOI1/4X2/5/3 w", "d6,1@d5", game.ErrIllegalMove}, // red d6
		{"yxo/i1o1y/2iY3/YIOTOI1/4X2/5/3 w", "d7,1@d6", game.ErrIllegalMove}, // run broken by red
		// A full neighbourhood: anywhere empty, the vacated d4 included.
		{"3/5/2yoyOI/2iTX1Y/2oxiOI/5/Y2 w", "f4,2@d4", nil},
		{"3/5/2yoyOI/2iTX1Y/2oxiOI/5/Y2 w", "f4,2@d7", nil},
		{"3/5/7/7/6O/1oiy1/XTX w", "b3,1@c3", game.ErrGameOver},
		{StartPosition, "d5,3", game.ErrBadMove},
	} {
		t.Run(tc.pos+" "+tc.move, func(t *testing.T) {
			t.Parallel()
			s, err := Parse(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			_, err = game.PlayChecked(s, tc.move)
			if tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("got %v, want %v", err, tc.want)
			}
		})
	}
}

func TestFormatMove(t *testing.T) {
	t.Parallel()
	s := New()
	for _, tc := range []struct {
		m    game.Move
		want string
	}{
		{makeMove(squareAt(3, 4), squareAt(3, 3), 3), "d5,3@d4"},
		{makeMove(squareAt(6, 2), squareAt(2, 0), 4), "g3,4@c1"},
		{makeMove(squareAt(4, 6), squareAt(0, 4), 1), "e7,1@a5"},
	} {
		if got := s.FormatMove(tc.m); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}
