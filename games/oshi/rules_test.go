package oshi

import (
	"errors"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

func mustParse(t *testing.T, pos string) *State {
	t.Helper()
	s, err := Parse(pos)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPlay checks what single moves do to the whole position string:
// pushes, scores, impasse entries and results.
func TestPlay(t *testing.T) {
	t.Parallel()
	const (
		mixed = "8t/9/9/9/TtDd5/9/9/9/8T r 6-6 -"
		drops = "1d2t3t/3s5/9/9/5TsS1/9/2D6/9/T3S4 r 4-4 -"
	)
	tests := []struct {
		name, pos, move, want string
		result                game.Result
	}{
		{"free step", StartPosition, "e3e4", "t7t/2dsssd2/4s4/9/9/4S4/9/2DSSSD2/T7T w 0-0 -", game.Ongoing},
		{"push own piece", StartPosition, "e2e3", "t7t/2dsssd2/4s4/9/9/4S4/4S4/2DS1SD2/T7T w 0-0 -", game.Ongoing},
		{"full-strength mixed push lists only white pieces", mixed, "a5b5",
			"8t/9/9/9/1TtDd4/9/9/9/8T w 6-6 c5b5,e5d5", game.Ongoing},
		{"pushed three times: square before is where the move began", mixed, "a5d5",
			"8t/9/9/9/3TtDd2/9/9/9/8T w 6-6 e5b5,g5d5", game.Ongoing},
		{"own piece off scores for the opponent", mixed, "c5b5",
			"8t/9/9/9/tD1d5/9/9/9/8T w 6-9 a5b5", game.SecondWins},
		{"both reach seven: the mover loses", mixed, "c5a5",
			"8t/9/9/9/D2d5/9/9/9/8T w 9-9 -", game.SecondWins},
		{"push after free steps", "4d1t1t/9/9/9/T2s5/9/9/9/2D5T r 5-6 -", "a5d5",
			"4d1t1t/9/9/9/3Ts4/9/9/9/2D5T w 5-6 e5d5", game.Ongoing},
		{"drops one red then one white", drops, "f5i5",
			"1d2t3t/3s5/9/9/8T/9/2D6/9/T3S4 w 5-5 -", game.Ongoing},
		{"drops red only", drops, "f5h5",
			"1d2t3t/3s5/9/9/7Ts/9/2D6/9/T3S4 w 4-5 i5g5", game.Ongoing},
		{"white pass-over of the impasse square", "t7t/9/9/4d4/4T4/9/9/9/T7D w 6-6 e6e5", "e6e4",
			"t7t/9/9/9/9/4d4/4T4/9/T7D r 6-6 e3e5", game.Ongoing},
		{"push before the line merges", "8t/9/9/9/Tt1dsS3/9/9/9/D7T r 5-5 -", "a5b5",
			"8t/9/9/9/1TtdsS3/9/9/9/D7T w 5-5 c5b5", game.Ongoing},
		{"seven points wins", "4d3t/9/9/9/9/9/9/t8/TS2D3T w 6-5 -", "a2a1",
			"4d3t/9/9/9/9/9/9/9/tS2D3T r 6-8 -", game.SecondWins},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := mustParse(t, tc.pos)
			if _, err := game.PlayChecked(s, tc.move); err != nil {
				t.Fatal(err)
			}
			if got := s.String(); got != tc.want {
				t.Errorf("after %s: got %q, want %q", tc.move, got, tc.want)
			}
			if got := s.Result(); got != tc.result {
				t.Errorf("after %s: got result %s, want %s", tc.move, got, tc.result)
			}
			s.Undo()
			if got := s.String(); got != tc.pos {
				t.Errorf("after undo: got %q, want %q", got, tc.pos)
			}
		})
	}
}

func TestIllegalMoves(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, pos, move string }{
		{"beyond strength", StartPosition, "e3e5"},
		{"line longer than strength", StartPosition, "d2e2"},
		{"off the board", StartPosition, "a1a0"},
		{"mover would leave the board", "8t/9/9/9/TtDd5/9/9/9/8T r 6-6 -", "i1i4x"},
		{"opponent's piece", StartPosition, "e7e6"},
		{"empty square", StartPosition, "e5e6"},
		{"pass with moves", StartPosition, "pass"},
		{"over-strength line at step 2", "8t/9/9/9/T1tSdsD2/9/9/9/8T r 5-5 -", "a5c5"},
		{"impasse landing", "t7t/9/9/4d4/4T4/9/9/9/T7D w 6-6 e6e5", "e6e5"},
		{"pushed line merges into one too long", "8t/9/9/9/Tt1dsS3/9/9/9/D7T r 5-5 -", "a5c5"},
		{"impasse after three pushes", "t7d/9/9/4t4/4T4/9/9/9/T7D w 6-6 e6e3", "e6e3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := mustParse(t, tc.pos)
			_, err := game.PlayChecked(s, tc.move)
			if !errors.Is(err, game.ErrIllegalMove) && !errors.Is(err, game.ErrBadMove) {
				t.Errorf("move %s: got error %v, want illegal or bad move", tc.move, err)
			}
			if got := s.String(); got != tc.pos {
				t.Errorf("position changed to %q", got)
			}
		})
	}
}

func TestBadPositions(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, pos, want string }{
		{"empty", "", "want 4 space-separated fields"},
		{"missing field", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 0-0", "want 4"},
		{"double space", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r  0-0 -", "want 4"},
		{"eight rows", "2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 0-0 -", "board has 8 rows"},
		{"short row", "t7t/2dsssd2/4s4/8/9/9/4S4/2DSSSD2/T7T r 0-0 -", "rank 6"},
		{"long row", "t7t/2dsssd2/4s5/9/9/9/4S4/2DSSSD2/T7T r 0-0 -", "rank 7"},
		{"long row of pieces", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7TT r 0-0 -", "rank 1"},
		{"bad letter", "t7t/2dsssd2/4s4/9/9/9/4K4/2DSSSD2/T7T r 0-0 -", "bad character"},
		{"zero", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T70T r 0-0 -", "bad character"},
		{"two digits", "t7t/2dsssd2/4s4/54/9/9/4S4/2DSSSD2/T7T r 0-0 -", "two digits in a row"},
		{"five one-tier", "t7t/2dsssd2/4s4/9/9/4S4/4S4/2DSSSD2/T7T r 0-0 -", "5 red pieces of 1 tier"},
		{"three three-tier", "t7t/2dsssd2/4s4/4t4/9/9/4S4/2DSSSD2/T7T r 0-0 -", "3 white pieces of 3 tier"},
		{"side", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T x 0-0 -", "field 1 (side to act)"},
		{"side upper", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T R 0-0 -", "field 1 (side to act)"},
		{"score syntax", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 00 -", "field 2 (score)"},
		{"score leading zero", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 00-0 -", "field 2 (score)"},
		{"score mismatch", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 3-0 -", "does not match the missing pieces"},
		{"score of missing piece", "t7t/2dsssd2/9/9/9/9/4S4/2DSSSD2/T7T r 0-0 -", "want 1-0"},
		{"impasse syntax", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 0-0 e3", "field 3 (impasse)"},
		{"impasse empty piece", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 0-0 e4e3", "does not hold a red piece"},
		{"impasse wrong side", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 0-0 e7e6", "does not hold a red piece"},
		{"impasse diagonal", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 0-0 e3d2", "not on one file or rank"},
		{"impasse same square", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 0-0 e3e3", "back on its square"},
		{"impasse order", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 0-0 e3e4,d2d3", "byte order"},
		{"impasse twice", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 0-0 e3e4,e3e4", "byte order"},
		{"impasse piece twice", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 0-0 e3e2,e3e4", "lists e3 twice"},
		{"impasse empty entry", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 0-0 e3e4,", "field 3 (impasse)"},
		{"impasse off board", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 0-0 e3e0", "field 3 (impasse)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := Parse(tc.pos)
			if !errors.Is(err, game.ErrBadPosition) {
				t.Fatalf("got error %v, want one wrapping ErrBadPosition", err)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, "oshi: ") || !strings.Contains(msg, tc.want) {
				t.Errorf("got error %q, want it to start with \"oshi: \" and contain %q", msg, tc.want)
			}
		})
	}
}

func TestBadMoves(t *testing.T) {
	t.Parallel()
	s := mustParse(t, StartPosition)
	tests := []struct{ text, want string }{
		{"", "want <from><to>"},
		{"e3", "want <from><to>"},
		{"e3e4e5", "want <from><to>"},
		{"j1j2", "squares a1..i9"},
		{"e0e1", "squares a1..i9"},
		{"e3f4", "not on one file or rank"},
		{"e3e3", "not on one file or rank"},
		{"a1a5", "more than 3 squares"},
		{"passe", "want <from><to>"},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			t.Parallel()
			_, err := s.ParseMove(tc.text)
			if !errors.Is(err, game.ErrBadMove) {
				t.Fatalf("got error %v, want one wrapping ErrBadMove", err)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, "oshi: ") || !strings.Contains(msg, tc.want) {
				t.Errorf("got error %q, want it to contain %q", msg, tc.want)
			}
		})
	}
}

func TestParseMoveCase(t *testing.T) {
	t.Parallel()
	s := mustParse(t, StartPosition)
	for _, text := range []string{"E3E4", "PASS", "Pass"} {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if got, want := s.FormatMove(m), strings.ToLower(text); got != want {
			t.Errorf("%s: got %q, want %q", text, got, want)
		}
	}
}

// The pass position of the perft file: red's only move is pass, after
// which white moves normally.
func TestPass(t *testing.T) {
	t.Parallel()
	s := mustParse(t, "9/9/9/9/t8/t8/Sd7/Ddss5/TSSss4 r 0-6 a2a1,a3b3,b1a1,c1c2")
	if got := game.MoveStrings(s); len(got) != 1 || got[0] != "pass" {
		t.Fatalf("got moves %v, want [pass]", got)
	}
	if _, err := game.PlayChecked(s, "pass"); err != nil {
		t.Fatal(err)
	}
	if got, want := s.String(), "9/9/9/9/t8/t8/Sd7/Ddss5/TSSss4 w 0-6 -"; got != want {
		t.Errorf("after pass: got %q, want %q", got, want)
	}
	if s.Result() != game.Ongoing {
		t.Errorf("one pass ended the game: %s (%s)", s.Result(), s.Reason())
	}
}

// TestTwoPasses checks the two-pass draw. No position found has both
// sides without a move (see docs/rules/oshi.md), so the test starts from
// the pass position and pretends, inside the package, that the move
// before it was a pass too.
func TestTwoPasses(t *testing.T) {
	t.Parallel()
	s := mustParse(t, "9/9/9/9/t8/t8/Sd7/Ddss5/TSSss4 r 0-6 a2a1,a3b3,b1a1,c1c2")
	s.passes = 1
	s.Play(passMove)
	if got := s.Result(); got != game.Draw || s.Reason() != "two passes in a row" {
		t.Errorf("after the second pass: got %s (%q), want draw by two passes", got, s.Reason())
	}
	if n := len(s.Moves(nil)); n != 0 {
		t.Errorf("drawn game has %d moves", n)
	}
	s.Undo()
	if got := s.Result(); got != game.Ongoing || s.passes != 1 {
		t.Errorf("after undo: got %s with %d passes, want ongoing with 1", got, s.passes)
	}
	// A real move between two passes resets the count.
	s.passes = 0
	s.Play(passMove)
	if _, err := game.PlayChecked(s, "a5a6"); err != nil {
		t.Fatal(err)
	}
	if s.passes != 0 || s.Result() != game.Ongoing {
		t.Errorf("after pass and a move: %d passes, result %s", s.passes, s.Result())
	}
}

func TestRepetition(t *testing.T) {
	t.Parallel()
	s := mustParse(t, StartPosition)
	cycle := []string{"a1a2", "a9a8", "a2a1", "a8a9"}
	for round := 0; round < 2; round++ {
		for i, mv := range cycle {
			if s.Result() != game.Ongoing {
				t.Fatalf("round %d move %d: game over early: %s", round, i, s.Reason())
			}
			if _, err := game.PlayChecked(s, mv); err != nil {
				t.Fatal(err)
			}
		}
	}
	if got := s.Result(); got != game.Draw || s.Reason() != "third repetition" {
		t.Errorf("third occurrence of the start: got %s (%q), want draw by repetition", got, s.Reason())
	}
	if n := len(s.Moves(nil)); n != 0 {
		t.Errorf("drawn game has %d moves", n)
	}
	s.SetRepetition(false)
	if got := s.Result(); got != game.Ongoing {
		t.Errorf("with repetition off: got %s, want ongoing", got)
	}
	s.SetRepetition(true)
	s.Undo()
	if got := s.Result(); got != game.Ongoing {
		t.Errorf("after undo: got %s, want ongoing", got)
	}
}

// TestRepetitionCountsImpasse checks that positions differing only in
// their impasse field are different positions.
func TestRepetitionCountsImpasse(t *testing.T) {
	t.Parallel()
	a := mustParse(t, "t7t/9/9/4d4/4T4/9/9/9/T7D w 6-6 e6e5")
	b := mustParse(t, "t7t/9/9/4d4/4T4/9/9/9/T7D w 6-6 -")
	if a.Hash() == b.Hash() {
		t.Errorf("impasse entry does not change the hash")
	}
}

func TestResultOfParsedPositions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pos    string
		result game.Result
	}{
		{StartPosition, game.Ongoing},
		{"t7t/9/9/9/9/9/9/9/T3D3T w 8-6 -", game.FirstWins},
		{"t7t/9/9/9/9/9/9/9/T3D3T r 8-6 -", game.FirstWins},
		{"t3d3t/9/9/9/9/9/9/9/T7T r 6-8 -", game.SecondWins},
		{"8t/9/9/9/D2d5/9/9/9/8T w 9-9 -", game.SecondWins},
		{"8t/9/9/9/D2d5/9/9/9/8T r 9-9 -", game.FirstWins},
	}
	for _, tc := range tests {
		s := mustParse(t, tc.pos)
		if got := s.Result(); got != tc.result {
			t.Errorf("%s: got %s, want %s", tc.pos, got, tc.result)
		}
	}
}
