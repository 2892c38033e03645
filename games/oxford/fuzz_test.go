package oxford

import (
	"strings"
	"testing"
)

func FuzzParsePosition(f *testing.F) {
	for _, pos := range []string{
		StartStandard, StartBeginner,
		"3x2/2O3/ox4/6/6/X3O1/6/XO4 r",
		"6/OXOXOX/6/6/6/6/xoxoxo/6 y",
		"oxoxox/xoxoxo/33/6/6/6/OXOXOX/XOXOXO r",
		"",
	} {
		f.Add(pos, false)
		f.Add(pos, true)
	}
	f.Fuzz(func(t *testing.T, pos string, beginner bool) {
		s, err := parse(pos, beginner)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "oxford: bad position") {
				t.Errorf("error %q lacks the oxford: bad position prefix", err)
			}
			return
		}
		if got := s.String(); got != pos {
			t.Errorf("round trip: got %q, want %q", got, pos)
		}
		if s.Hash() != s.fullHash() {
			t.Errorf("%s: hash mismatch", pos)
		}
		// Everything a parsed position offers must work without panicking.
		_ = s.Draw(true)
		_ = s.Evaluate()
		for _, m := range s.Moves(nil) {
			s.Play(m)
			s.Undo()
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, m := range []string{"c2c5", "d1d2", "c6c8=b1e1", "pass", "PASS", "C2C5", "g9g9", "c2c5=", ""} {
		f.Add(m)
	}
	s, _ := Parse("standard", StartStandard)
	f.Fuzz(func(t *testing.T, text string) {
		m, err := s.ParseMove(text)
		if err != nil {
			return
		}
		if got := s.FormatMove(m); got != strings.ToLower(text) {
			t.Errorf("round trip: %q formats as %q", text, got)
		}
	})
}
