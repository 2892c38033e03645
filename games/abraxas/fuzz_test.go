package abraxas

import (
	"slices"
	"testing"

	"github.com/plateau-games/plateau/game"
)

func FuzzParsePosition(f *testing.F) {
	for _, pos := range append([]string{
		"9/9/9/9/9/9/9/9/9 1 - 2 corner 0-0 3-3 -",
		"9/9/9/4R4/3R5/9/9/9/9 1 tl 1 take 0-0 3-3 -",
		"9/9/9/9/5R3/9/9/1B7/9 1 br 2 take 1-0 3-2 s",
		"9/9/9/9/9/9/9/1BBB1B3/9 1 bl 2 play 0-0 2-0 n",
	}, append(slices.Clone(extraStarts), replayStarts...)...) {
		f.Add(pos)
	}
	f.Fuzz(func(t *testing.T, pos string) {
		for _, opts := range []game.Options{nil, {"replay": "once"}} {
			checkParsed(t, opts, pos)
		}
	})
}

// checkParsed checks a position that parses: it reads back as written,
// its hash and move count agree, and every move leads to a position
// that parses again.
func checkParsed(t *testing.T, opts game.Options, pos string) {
	t.Helper()
	s, err := Parse(opts, pos)
	if err != nil {
		return
	}
	if got := s.String(); got != pos {
		t.Fatalf("round trip: got %q, want %q", got, pos)
	}
	if s.Hash() != s.fullHash() {
		t.Fatalf("%s: hash mismatch", pos)
	}
	moves := s.Moves(nil)
	if s.CountMoves() != len(moves) {
		t.Fatalf("%s: CountMoves %d, want %d", pos, s.CountMoves(), len(moves))
	}
	if s.Result() == game.Ongoing && len(moves) == 0 {
		t.Fatalf("%s: ongoing without moves", pos)
	}
	for _, m := range moves {
		s.Play(m)
		if _, err := Parse(opts, s.String()); err != nil {
			t.Fatalf("%s after %s: %v", pos, s.FormatMove(m), err)
		}
		s.Undo()
	}
}

func FuzzParseMove(f *testing.F) {
	for _, m := range []string{"@bl", "e5@br", "c3e5@br", "!e5", "!e5@tl", "xf5", "xc5,e5", "pass", "E5@BR", "xe5,c5"} {
		f.Add(m)
	}
	s, _ := Parse(nil, "9/9/9/9/9/9/9/9/9 1 - 2 corner 0-0 3-3 -")
	f.Fuzz(func(t *testing.T, text string) {
		m, err := s.ParseMove(text)
		if err != nil {
			return
		}
		back := s.FormatMove(m)
		m2, err := s.ParseMove(back)
		if err != nil || m2 != m {
			t.Fatalf("%q: formats as %q, which parses to %v (%v)", text, back, m2, err)
		}
	})
}
