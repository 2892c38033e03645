package oshi

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// impassePosition plays seeded random moves until the side to act has a
// piece under the impasse rule, and returns that state and the move the
// rule forbids.
func impassePosition(t *testing.T) (*State, string) {
	t.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		s, err := Parse(StartPosition)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 200 && s.Result() == game.Ongoing; ply++ {
			if s.nimp > 0 {
				e := s.imp[0]
				return s, squareName(int(e.now)) + squareName(int(e.before))
			}
			moves := s.Moves(nil)
			s.Play(moves[r.IntN(len(moves))])
		}
	}
	t.Fatal("no impasse reached")
	return nil, ""
}

func TestExplainImpasse(t *testing.T) {
	t.Parallel()
	s, mv := impassePosition(t)
	got := game.Explain(s, mv)
	for _, l := range game.Languages() {
		// The rule's name is "impasse" in English and French; each other
		// language says it in its own words (Impasse, bloqueo, impas...).
		named := strings.Contains(got[l], "impasse") || l != "en" && l != "fr" && got[l] != got["en"]
		if !named || !strings.Contains(got[l], mv[:2]) || !strings.Contains(got[l], mv[2:]) {
			t.Errorf("Explain(%s) in %s: got %q, want the impasse rule naming both squares", mv, l, got[l])
		}
	}
}

func TestExplain(t *testing.T) {
	t.Parallel()
	s, err := Parse(StartPosition)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		move, want string
	}{
		{"e5e6", "no piece on e5"},
		{"e5", "no piece on e5"},
		{"e7", "not yours"},
		{"e3", ""}, // a piece of the side to act: nothing wrong yet
		{"e7e6", "not yours"},
		{"e3f4", "straight line"},
		{"e3e5", "at most 1 square"},
		{"e3e4", ""}, // legal: nothing to explain
		{"zz", ""},
	}
	for _, tt := range tests {
		got := game.Explain(s, tt.move)
		if tt.want == "" {
			if got != nil {
				t.Errorf("Explain(%s): got %q, want nil", tt.move, got)
			}
			continue
		}
		if !strings.Contains(got["en"], tt.want) || got.Check(tt.move) != nil {
			t.Errorf("Explain(%s): got %q, want %q in English and a French text", tt.move, got, tt.want)
		}
	}
}

func TestReasonText(t *testing.T) {
	t.Parallel()
	for r, text := range reasonTexts {
		if reason(r) == ongoing {
			continue
		}
		if text["en"] != reasons[r] || text.Check(reasons[r]) != nil {
			t.Errorf("reason %d: got %q, want English %q and French", r, text, reasons[r])
		}
	}
}
