package abraxas

import (
	"errors"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

func TestBadPositions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, id, pos, want string }{
		{"empty", "abraxas", "", "7 fields"},
		{"missing field", "abraxas", "9/9/9/9/9/9/9/9/9 1 - 2 corner 0-0 3-3", "7 fields"},
		{"double space", "abraxas", "9/9/9/9/9/9/9/9/9 1  - 2 corner 0-0 3-3 -", "7 fields"},
		{"eight rows", "abraxas", "9/9/9/9/9/9/9/9 1 - 2 corner 0-0 3-3 -", "8 rows"},
		{"short row", "abraxas", "9/9/9/9/8/9/9/9/9 1 - 2 corner 0-0 3-3 -", "has 8 squares"},
		{"long row", "abraxas", "9/9/9/9/R9/9/9/9/9 1 - 2 corner 0-0 3-3 -", "has 10 squares"},
		{"split digits", "abraxas", "9/9/9/9/45/9/9/9/9 1 - 2 corner 0-0 3-3 -", "unexpected '5'"},
		{"zero", "abraxas", "9/9/9/9/09/9/9/9/9 1 - 2 corner 0-0 3-3 -", "unexpected '0'"},
		{"lower-case pawn", "abraxas", "9/9/9/9/r8/9/9/9/9 1 bl 1 play 0-0 3-3 -", "unexpected 'r'"},
		{"layout", "abraxas", "9/9/9/9/9/9/9/9/9 7 - 2 corner 0-0 3-3 -", "field 1 (layout)"},
		{"layout vs id", "abraxas:board=4", "9/9/9/9/9/9/9/9/9 2 - 2 corner 0-0 3-3 -", "layout) 2 disagrees with the game id's board=4"},
		{"corner", "abraxas", "9/9/9/9/9/9/9/9/9 1 mid 1 play 0-0 3-3 -", "field 2 (corner)"},
		{"player", "abraxas", "9/9/9/9/9/9/9/9/9 1 bl 3 play 0-0 3-3 -", "field 3 (player to act)"},
		{"phase", "abraxas", "9/9/9/9/9/9/9/9/9 1 bl 1 move 0-0 3-3 -", "field 4 (phase)"},
		{"taken", "abraxas", "9/9/9/9/9/9/9/9/9 1 bl 1 play 0-25 3-3 -", "field 5 (pawns taken)"},
		{"taken leading zero", "abraxas", "9/9/9/9/9/9/9/9/9 1 bl 1 play 01-0 3-3 -", "field 5 (pawns taken)"},
		{"stops", "abraxas", "9/9/9/9/9/9/9/9/9 1 bl 1 play 0-0 4-3 -", "field 6 (stop pawns in hand)"},
		{"flags", "abraxas", "9/9/9/9/9/9/9/9/9 1 bl 1 play 0-0 3-3 ns", "field 7 (flags)"},
		{"outside the plate", "abraxas", "9/9/9/9/8R/9/9/9/9 1 bl 1 play 0-0 3-3 -", "i5 is outside the plate"},
		{"outside the plate tr", "abraxas", "9/9/9/9/9/9/9/9/R8 1 tr 1 play 0-0 3-3 -", "a1 is outside the plate"},
		{"too many red", "abraxas", "9/9/9/9/9/9/9/9/R8 1 bl 1 play 12-12 3-3 -", "make more than 24"},
		{"stop count", "abraxas", "9/9/9/9/9/9/9/9/B8 1 bl 1 play 0-0 3-3 -", "does not match the 1 stop pawns"},
		{"stop count low", "abraxas", "9/9/9/9/9/9/9/9/9 1 bl 1 play 0-0 2-3 -", "does not match the 0 stop pawns"},
		{"two winners", "abraxas", "9/9/9/9/9/9/9/9/9 1 bl 1 play 11-11 3-3 -", "both players"},
		{"take without line", "abraxas", "9/9/9/9/9/9/9/9/9 1 bl 1 take 0-0 3-3 -", "no line"},
		{"take without line, other won", "abraxas", "9/9/9/9/9/9/9/9/9 1 bl 1 take 5-11 3-3 -", "no line"},
		{"play with line", "abraxas", "9/9/9/9/3R5/9/9/9/9 1 bl 1 play 0-0 3-3 -", "play, but the board has a line"},
		{"interrupt with line", "abraxas", "9/9/9/9/3R5/9/9/9/9 1 bl 2 interrupt 1-0 3-3 -", "interrupt, but the board has a line"},
		{"corner phase with corner", "abraxas", "9/9/9/9/9/9/9/9/9 1 bl 2 corner 0-0 3-3 -", "already chosen"},
		{"play without corner", "abraxas", "9/9/9/9/9/9/9/9/9 1 - 1 play 0-0 3-3 -", "needs a corner"},
		{"pawns before corner", "abraxas", "9/9/9/9/9/9/9/9/R8 1 - 2 corner 0-0 3-3 -", "no plate corner"},
		{"corner chooser", "abraxas", "9/9/9/9/9/9/9/9/9 1 - 1 corner 0-0 3-3 -", "player 2 chooses"},
		{"corner taken", "abraxas", "9/9/9/9/9/9/9/9/9 1 - 2 corner 1-0 3-3 -", "0-0 in the corner phase"},
		{"flag n in take", "abraxas", "9/9/9/9/3R5/9/9/9/9 1 bl 1 take 0-0 3-3 n", "n belongs to the play phase"},
		{"flag s in play", "abraxas", "9/9/9/9/9/9/9/9/B8 1 bl 1 play 0-0 3-2 s", "s belongs to the take phase"},
		{"flag n without stop", "abraxas", "9/9/9/9/9/9/9/9/9 1 bl 1 play 0-0 3-3 n", "player 2 has placed no stop pawn"},
		{"flag s without stop", "abraxas", "9/9/9/9/3R5/9/9/9/B8 1 bl 1 take 0-0 3-2 s", "player 1 has placed no stop pawn"},
		{"interrupt without stop", "abraxas", "9/9/9/9/9/9/9/9/BBB6 1 bl 2 interrupt 1-0 3-0 -", "no stop pawn in hand"},
		{"interrupt without take", "abraxas", "9/9/9/9/9/9/9/9/9 1 bl 2 interrupt 0-0 3-3 -", "taken nothing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			g, id, err := game.NewRegistry(Game()).Lookup(tc.id)
			if err != nil {
				t.Fatal(err)
			}
			_, err = g.Parse(id.Options, tc.pos)
			if !errors.Is(err, game.ErrBadPosition) || !strings.Contains(err.Error(), tc.want) ||
				!strings.HasPrefix(err.Error(), "abraxas: ") {
				t.Errorf("got error %v, want ErrBadPosition naming %q", err, tc.want)
			}
		})
	}
}

func TestGameIDs(t *testing.T) {
	t.Parallel()
	reg := game.NewRegistry(Game())
	for _, tc := range []struct{ id, pos, want string }{
		{"abraxas", "", "9/9/9/9/9/9/9/9/9 1 - 2 corner 0-0 3-3 -"},
		{"abraxas:board=4", "", "9/9/9/9/9/9/9/9/9 4 - 2 corner 0-0 3-3 -"},
		{"abraxas:board=2,push=free", "", "9/9/9/9/9/9/9/9/9 2 - 2 corner 0-0 3-3 -"},
		{"abraxas", "9/9/9/9/9/9/9/9/9 5 - 2 corner 0-0 3-3 -", "9/9/9/9/9/9/9/9/9 5 - 2 corner 0-0 3-3 -"},
		{"abraxas:board=5", "9/9/9/9/9/9/9/9/9 5 - 2 corner 0-0 3-3 -", "9/9/9/9/9/9/9/9/9 5 - 2 corner 0-0 3-3 -"},
	} {
		s, err := reg.New(tc.id, tc.pos)
		if err != nil {
			t.Errorf("%s %q: %v", tc.id, tc.pos, err)
			continue
		}
		if got := s.String(); got != tc.want {
			t.Errorf("%s %q: got %q, want %q", tc.id, tc.pos, got, tc.want)
		}
	}
	for _, id := range []string{"abraxas:board=7", "abraxas:board=0", "abraxas:push=cw", "abraxas:size=9"} {
		if _, err := reg.New(id, ""); !errors.Is(err, game.ErrBadID) {
			t.Errorf("%s: got %v, want ErrBadID", id, err)
		}
	}
	// Start and Parse check options themselves when called directly.
	if _, err := Game().Start(game.Options{"board": "07"}); !errors.Is(err, game.ErrBadID) {
		t.Errorf("board=07: got %v, want ErrBadID", err)
	}
	if _, err := Game().Parse(game.Options{"push": "up"}, "9/9/9/9/9/9/9/9/9 1 - 2 corner 0-0 3-3 -"); !errors.Is(err, game.ErrBadID) {
		t.Errorf("push=up: got %v, want ErrBadID", err)
	}
}

func TestBadMoves(t *testing.T) {
	t.Parallel()
	s := newState(t, "abraxas", "9/9/9/9/9/9/9/9/9 1 bl 1 play 0-0 3-3 -")
	for _, tc := range []struct{ move, want string }{
		{"", "want a square"},
		{"e5", "want @"},
		{"e5@", "want @"},
		{"e5@up", "want @"},
		{"j5@br", "want a square"},
		{"e0@br", "want a square"},
		{"e5@brx", "want @"},
		{"e5e5@br", "another hole"},
		{"@", "corner"},
		{"@xx", "corner"},
		{"!", "after !"},
		{"!e", "after !"},
		{"!e5@", "want @"},
		{"!e5br", "want @"},
		{"x", "not a square"},
		{"xe5,", "not a square"},
		{"xe5,c5", "byte order"},
		{"xe5,e5", "byte order"},
		{"xe55", "not a square"},
		{"xa1,a2,a3,a4,a5,a6,a7", "at most 6"},
		{"passe", "want a square"},
	} {
		t.Run(tc.move, func(t *testing.T) {
			t.Parallel()
			_, err := s.ParseMove(tc.move)
			if !errors.Is(err, game.ErrBadMove) || !strings.Contains(err.Error(), tc.want) ||
				!strings.HasPrefix(err.Error(), "abraxas: ") {
				t.Errorf("got error %v, want ErrBadMove naming %q", err, tc.want)
			}
		})
	}
	for _, m := range []string{"e5@tr", "!e5@tl", "pass", "xe5", "@bl", "c3e5@br"} {
		if _, err := game.PlayChecked(s, m); !errors.Is(err, game.ErrIllegalMove) {
			t.Errorf("%s: got %v, want ErrIllegalMove", m, err)
		}
	}
}

func TestMoveNotation(t *testing.T) {
	t.Parallel()
	s := newState(t, "abraxas", "")
	for _, m := range []string{"@bl", "@tr", "e5@br", "c3e5@br", "!e5", "!e5@tl", "xf5", "xc5,e5", "xa9,b1", "pass"} {
		mv, err := s.ParseMove(strings.ToUpper(m))
		if err != nil {
			t.Errorf("%s: %v", m, err)
			continue
		}
		if got := s.FormatMove(mv); got != m {
			t.Errorf("got %q, want %q", got, m)
		}
	}
}
