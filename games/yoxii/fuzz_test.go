package yoxii

import (
	"strings"
	"testing"
)

func FuzzParsePosition(f *testing.F) {
	for _, pos := range []string{
		StartPosition,
		"yxo/i1o1y/2iY3/YIOTOI1/4X2/5/3 w",
		"3/5/2yoyOI/2iTX1Y/2oxiOI/5/Y2 w",
		"YYI/iIyYX/OioiyYO/OYyyxiI/IXxxOoO/ooyiI/XT1 r",
		"3/5/7/12T3/7/5/3 w",
		"3/5/7/3T3/7/5/3 r",
	} {
		f.Add(pos)
	}
	f.Fuzz(func(t *testing.T, pos string) {
		s, err := Parse(pos)
		if err != nil {
			return
		}
		if got := s.String(); got != pos {
			t.Fatalf("round trip: got %q, want %q", got, pos)
		}
		back, err := Parse(s.String())
		if err != nil || back.Hash() != s.Hash() {
			t.Fatalf("%q: reparse gave %v, hash %x want %x", pos, err, back.Hash(), s.Hash())
		}
		s.Moves(nil)
		s.Result()
		s.Evaluate()
		s.Draw(true)
	})
}

func FuzzParseMove(f *testing.F) {
	for _, m := range []string{"d5,3@d4", "G3,4@C1", "a1,3@d4", "d5,5@d4", "d5,3@d5", "d5,3d4", ""} {
		f.Add(m)
	}
	s := New()
	f.Fuzz(func(t *testing.T, text string) {
		m, err := s.ParseMove(text)
		if err != nil {
			return
		}
		out := s.FormatMove(m)
		if out != strings.ToLower(text) {
			t.Fatalf("%q formats back as %q", text, out)
		}
		back, err := s.ParseMove(out)
		if err != nil || back != m {
			t.Fatalf("%q: reparse gave %v, %q", out, err, s.FormatMove(back))
		}
	})
}
