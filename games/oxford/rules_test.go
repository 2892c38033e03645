package oxford

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

func TestGameDescription(t *testing.T) {
	t.Parallel()
	g := Game()
	if g.Name != "oxford" || g.Title != "Oxford" || g.Players != [2]string{"red", "yellow"} {
		t.Errorf("got %q %q %v, want oxford Oxford [red yellow]", g.Name, g.Title, g.Players)
	}
	reg := game.NewRegistry(g)
	for _, tc := range []struct{ id, want string }{
		{"oxford", StartStandard},
		{"oxford:variant=standard", StartStandard},
		{"oxford:variant=beginner", StartBeginner},
	} {
		s, err := reg.New(tc.id, "")
		if err != nil {
			t.Fatalf("%s: %v", tc.id, err)
		}
		if got := s.String(); got != tc.want {
			t.Errorf("%s: got start %q, want %q", tc.id, got, tc.want)
		}
	}
	for _, id := range []string{"oxford:variant=expert", "oxford:board=4"} {
		if _, err := reg.New(id, ""); !errors.Is(err, game.ErrBadID) {
			t.Errorf("%s: got error %v, want ErrBadID", id, err)
		}
	}
	if _, err := g.Start(game.Options{"variant": "expert"}); !errors.Is(err, game.ErrBadID) {
		t.Errorf("Start with variant=expert: got error %v, want ErrBadID", err)
	}
}

// TestStartMoves checks the spec's hand count of the first moves, piece by
// piece.
func TestStartMoves(t *testing.T) {
	t.Parallel()
	want := strings.Fields("a2a5 a2b4 a2c3 b2a4 b2b5 b2c4 b2d3 c2a3 c2b4 c2c5 c2d4 c2e3 " +
		"d2b3 d2c4 d2d5 d2e4 d2f3 e2c3 e2d4 e2e5 e2f4 f2d3 f2e4 f2f5")
	for _, v := range []string{"standard", "beginner"} {
		s, _ := Game().Start(game.Options{"variant": v})
		if got := game.MoveStrings(s); !slices.Equal(got, want) {
			t.Errorf("%s: got %v, want %v", v, got, want)
		}
	}
}

func TestBadPositions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		variant, pos, want string
	}{
		{"standard", "", "want 2 fields"},
		{"standard", "oxoxox/xoxoxo/6/6/6/6/OXOXOX/XOXOXO", "want 2 fields"},
		{"standard", "oxoxox/xoxoxo/6/6/6/6/OXOXOX/XOXOXO  r", "want 2 fields"},
		{"standard", "oxoxox/xoxoxo/6/6/6/OXOXOX/XOXOXO r", "field 1 (board)"},
		{"standard", "oxoxox/xoxoxo/6/6/6/6/OXOXOX/XOXOXO/6 r", "want 8 rows"},
		{"standard", "oxoxoxo/xoxoxo/6/6/6/6/OXOXOX/XOXOXO r", "row 1 (rank 8)"},
		{"standard", "oxoxo/xoxoxo/6/6/6/6/OXOXOX/XOXOXO r", "has 5 squares, want 6"},
		{"standard", "oxoxox/xoxoxo/33/6/6/6/OXOXOX/XOXOXO r", "two digits"},
		{"standard", "oxoxox/xoxoxo/06/6/6/6/OXOXOX/XOXOXO r", "bad character"},
		{"standard", "oxoxox/xoxoxo/7/6/6/6/OXOXOX/XOXOXO r", "more than 6 squares"},
		{"standard", "oxoxox/xoxoxo/6/6/6/6/OXOXOX/XOXOXa r", "bad character 'a'"},
		{"standard", "oxoxox/xoxoxo/6/6/6/6/OXOXOX/XOXOXO w", "field 2 (side)"},
		{"standard", "oxoxox/xoxoxo/6/6/6/6/OXOXOX/XOXOXO R", "field 2 (side)"},
		{"standard", "oxoxox/xoxoxo/6/6/6/O5/OXOXOX/XOXOXO r", "13 red pieces, more than the set of 12"},
		{"standard", "oxoxox/xoxoxo/6/6/6/O5/OXOXOX/XOXOX1 r", "7 red pieces in play, more than 6"},
		{"standard", "oxoxox/xoxoxo/6/6/6/6/OXOXOX/XOXOXO y", ""}, // valid
		{"standard", "oxoxOx/xoxoxo/6/6/6/6/OXOXOX/XOXOX1 r", "red piece on e8, the yellow base"},
		{"standard", "6/xoxoxo/6/6/6/6/OXOXOX/x5 r", "yellow piece on a1, the red base"},
		{"beginner", StartStandard, "more than the set of 6"},
		{"beginner", "6/xoxoxo/6/6/6/6/OXOXO1/5X r", "red piece on f1, but the beginner variant uses no base"},
		{"beginner", "6/xoxoxo/6/6/6/O5/OXOXOX/6 r", "7 red pieces, more than the set of 6"},
	} {
		t.Run(tc.pos, func(t *testing.T) {
			t.Parallel()
			_, err := Parse(tc.variant, tc.pos)
			if tc.want == "" {
				if err != nil {
					t.Errorf("got error %v, want none", err)
				}
				return
			}
			if !errors.Is(err, game.ErrBadPosition) {
				t.Fatalf("got error %v, want ErrBadPosition", err)
			}
			if msg := err.Error(); !strings.Contains(msg, tc.want) || !strings.HasPrefix(msg, "oxford: bad position") {
				t.Errorf("got error %q, want it to start with \"oxford: bad position\" and contain %q", msg, tc.want)
			}
		})
	}
}

func TestBadMoves(t *testing.T) {
	t.Parallel()
	s, _ := Parse("standard", StartStandard)
	for _, text := range []string{"", "c2", "c2c9", "g2g3", "c2c3=", "c2c3=a1", "c2c3-a1b1", "pas", "c2c3=a1b9", "c0c3", " c2c5"} {
		if _, err := s.ParseMove(text); !errors.Is(err, game.ErrBadMove) || !strings.HasPrefix(err.Error(), "oxford: bad move") {
			t.Errorf("ParseMove(%q): got error %v, want an oxford ErrBadMove", text, err)
		}
	}
	for _, text := range []string{"c2c4", "c2c5=a1b1", "a1a2", "pass", "c3c6"} {
		if _, err := game.PlayChecked(s, text); !errors.Is(err, game.ErrIllegalMove) {
			t.Errorf("PlayChecked(%q): got error %v, want ErrIllegalMove", text, err)
		}
	}
	if got := s.String(); got != StartStandard {
		t.Errorf("failed moves changed the position to %q", got)
	}
}

// play parses a position and plays moves, failing on any illegal one.
func play(t *testing.T, variant, pos string, moves ...string) *State {
	t.Helper()
	s, err := Parse(variant, pos)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if _, err := game.PlayChecked(s, m); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func TestResults(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, variant, pos string
		moves              []string
		want               game.Result
		reason             string
	}{
		{"ongoing", "standard", StartStandard, nil, game.Ongoing, ""},
		{"simultaneous loss: the mover loses", "standard", "6/5o/6/6/2x3/2X3/O3O1/6 r", []string{"c3c4"}, game.SecondWins, "red has lost a face"},
		{"the mover turns over its last X", "standard", "6/5o/6/6/2x3/2X3/O3O1/6 r", []string{"c3d3"}, game.SecondWins, "red has lost a face"},
		{"the mover takes the last x", "standard", "6/6/6/6/x1o3/2O3/X4X/6 r", []string{"a2a4"}, game.FirstWins, "yellow has lost a face"},
		{"finished position parsed", "standard", "6/5o/6/6/2O3/6/O3O1/6 y", nil, game.SecondWins, "red has lost a face"},
		{"both lack a face, yellow moved last", "standard", "6/5o/6/6/2O3/6/O3O1/6 r", nil, game.FirstWins, "yellow has lost a face"},
		{"entry takes the last O off the field", "standard", "3x2/2O3/6/4ox/6/X5/6/XO4 r", []string{"c7c8=c1d1"}, game.SecondWins, "red has lost a face"},
		{"one pass", "beginner", "6/OXOXOX/6/6/6/6/xoxoxo/6 r", []string{"pass"}, game.Ongoing, ""},
		{"two passes", "beginner", "6/OXOXOX/6/6/6/6/xoxoxo/6 r", []string{"pass", "pass"}, game.Draw, "two passes in a row"},
		{"passes with moves between", "beginner", "6/X4O/4O1/6/6/6/o1x1ox/6 y", []string{"pass", "f7d7", "pass"}, game.Ongoing, ""},
		{"second occurrence", "beginner", "6/X4O/4O1/6/6/6/o1x1ox/6 y",
			strings.Fields("pass f7d7 pass d7b7 pass b7d7"), game.Ongoing, ""},
		{"third repetition", "beginner", "6/X4O/4O1/6/6/6/o1x1ox/6 y",
			strings.Fields("pass f7d7 pass d7b7 pass b7d7 pass a7c7 pass c7a7"), game.Draw, "third repetition"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := play(t, tc.variant, tc.pos, tc.moves...)
			if got := s.Result(); got != tc.want {
				t.Errorf("got result %s, want %s", got, tc.want)
			}
			if got := s.Reason(); got != tc.reason {
				t.Errorf("got reason %q, want %q", got, tc.reason)
			}
			if tc.want != game.Ongoing && len(s.Moves(nil)) != 0 {
				t.Errorf("finished game has moves %v", game.MoveStrings(s))
			}
		})
	}
}

func TestRepetitionSwitchAndUndo(t *testing.T) {
	t.Parallel()
	s := play(t, "beginner", "6/X4O/4O1/6/6/6/o1x1ox/6 y",
		strings.Fields("pass f7d7 pass d7b7 pass b7d7 pass a7c7 pass c7a7")...)
	s.SetRepetition(false)
	if got := s.Result(); got != game.Ongoing {
		t.Errorf("repetition off: got %s, want ongoing", got)
	}
	s.SetRepetition(true)
	c := s.Clone()
	s.Undo()
	if got := s.Result(); got != game.Ongoing {
		t.Errorf("after undo: got %s, want ongoing", got)
	}
	if got := c.Result(); got != game.Draw {
		t.Errorf("clone: got %s, want draw", got)
	}
	// The position string holds no history: parsed afresh, the drawn
	// position is a first occurrence.
	p, _ := Parse("beginner", c.String())
	if got := p.Result(); got != game.Ongoing {
		t.Errorf("reparsed: got %s, want ongoing", got)
	}
}

// TestRandomMoveUniform draws many moves in a position with base entries
// and checks every legal move comes up about equally often.
func TestRandomMoveUniform(t *testing.T) {
	t.Parallel()
	s := play(t, "standard", "3x2/2O3/ox4/6/6/X3O1/6/XO4 r")
	moves := s.Moves(nil)
	rng := rand.New(rand.NewPCG(3, 4))
	const per = 400
	seen := map[game.Move]int{}
	for i := 0; i < per*len(moves); i++ {
		seen[s.RandomMove(rng)]++
	}
	if len(seen) != len(moves) {
		t.Fatalf("got %d distinct moves, want %d", len(seen), len(moves))
	}
	for _, m := range moves {
		if n := seen[m]; n < per/2 || n > per*3/2 {
			t.Errorf("move %s drawn %d times, want about %d", s.FormatMove(m), n, per)
		}
	}
}

func TestEvaluate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, pos string
		sign      int
	}{
		{"start is balanced for the player to act", StartStandard, 0},
		{"red can take yellow's last x", "6/6/6/6/x1o3/2O3/X4X/6 r", 1},
		{"yellow to act, red threatens its last x", "6/6/6/6/x1o3/2O3/X4X/6 y", -1},
		{"red has a piece more", "oxoxox/xoxox1/6/6/6/6/OXOXOX/XOXOXO y", -1},
	} {
		s := play(t, "standard", tc.pos)
		v := s.Evaluate()
		switch {
		case tc.sign > 0 && v <= 0, tc.sign < 0 && v >= 0, tc.sign == 0 && (v < -50 || v > 50):
			t.Errorf("%s: got %d, want sign %d", tc.name, v, tc.sign)
		}
	}
}

func TestNoAllocations(t *testing.T) {
	s := play(t, "standard", "3x2/2O3/ox4/6/6/X3O1/6/XO4 r")
	buf := make([]game.Move, 0, 256)
	rng := rand.New(rand.NewPCG(5, 6))
	m := s.Moves(buf)[0]
	s.Play(m) // grows the history once
	s.Undo()
	for name, f := range map[string]func(){
		"Moves":      func() { buf = s.Moves(buf[:0]) },
		"CountMoves": func() { _ = s.CountMoves() },
		"RandomMove": func() { _ = s.RandomMove(rng) },
		"Evaluate":   func() { _ = s.Evaluate() },
		"PlayUndo":   func() { s.Play(m); s.Undo() },
		"Result":     func() { _ = s.Result() },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: got %v allocations, want 0", name, n)
		}
	}
}

// TestEvaluateGuidesPlay pits a one-ply player using Evaluate against a
// random player: with the evaluation's signs right it wins nearly always.
func TestEvaluateGuidesPlay(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(9, 9))
	games, wins := 100, 0
	for i := 0; i < games; i++ {
		s, _ := Parse("standard", StartStandard)
		greedy := game.Player(i % 2)
		for ply := 0; s.Result() == game.Ongoing && ply < 400; ply++ {
			if s.ToAct() != greedy {
				s.Play(s.RandomMove(rng))
				continue
			}
			s.Play(bestByEval(s))
		}
		if w, ok := s.Result().Winner(); ok && w == greedy {
			wins++
		}
	}
	t.Logf("one-ply player won %d of %d", wins, games)
	if wins < games*8/10 {
		t.Errorf("one-ply player won %d of %d games against random, want at least 80%%", wins, games)
	}
}

func bestByEval(s *State) game.Move {
	best, bestV := game.Move(0), -2*game.EvalWin
	for _, m := range s.Moves(nil) {
		s.Play(m)
		v := -s.Evaluate()
		if r := s.Result(); r != game.Ongoing {
			v = 0
			if w, ok := r.Winner(); ok {
				v = game.EvalWin
				if w == s.ToAct() {
					v = -game.EvalWin
				}
			}
		}
		s.Undo()
		if v > bestV {
			best, bestV = m, v
		}
	}
	return best
}
