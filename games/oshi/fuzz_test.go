package oshi

import (
	"strings"
	"testing"
)

var fuzzPositions = []string{
	StartPosition,
	"8t/9/9/9/TtDd5/9/9/9/8T r 6-6 -",
	"t7t/9/9/4d4/4T4/9/9/9/T7D w 6-6 e6e5",
	"9/9/9/9/t8/t8/Sd7/Ddss5/TSSss4 r 0-6 a2a1,a3b3,b1a1,c1c2",
	"8t/9/9/9/D2d5/9/9/9/8T w 9-9 -",
	"t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 3-0 -",
	"t7t/2dsssd2/4s4/54/9/9/4S4/2DSSSD2/T7T r 0-0 -",
	"9/9/9/9/9/9/9/9/9 r 14-14 -",
}

// FuzzParsePosition checks that Parse never panics and that whatever it
// accepts prints back as the same string and the same position.
func FuzzParsePosition(f *testing.F) {
	for _, p := range fuzzPositions {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, pos string) {
		s, err := Parse(pos)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "oshi: ") {
				t.Errorf("error without the package prefix: %v", err)
			}
			return
		}
		if got := s.String(); got != pos {
			t.Errorf("round trip: got %q, want %q", got, pos)
		}
		back, err := Parse(s.String())
		if err != nil || back.Hash() != s.Hash() {
			t.Errorf("reparse of %q: %v", s.String(), err)
		}
		s.Moves(nil) // must not panic on any accepted position
		s.Evaluate()
	})
}

// FuzzParseMove checks that ParseMove never panics and that whatever it
// accepts formats to a string that parses to the same move.
func FuzzParseMove(f *testing.F) {
	for _, m := range []string{"e3e4", "a1a4", "pass", "PASS", "E3E5", "e3f4", "i9i6", "a1", "z9z9"} {
		f.Add(m)
	}
	s, err := Parse(StartPosition)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := s.ParseMove(text)
		if err != nil {
			return
		}
		out := s.FormatMove(m)
		if out != strings.ToLower(text) {
			t.Errorf("format of %q: got %q", text, out)
		}
		back, err := s.ParseMove(out)
		if err != nil || back != m {
			t.Errorf("reparse of %q: got %v, %v", out, back, err)
		}
	})
}
