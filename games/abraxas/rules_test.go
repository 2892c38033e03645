package abraxas

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/gametest"
)

// Positions reached in no random game from the start: an empty pool
// (relocations, and with them repetitions), an interrupt, takes after a
// stop turn.
var extraStarts = []string{
	"9/RBBB3R1/7R1/9/9/9/9/9/RBBB5 1 bl 1 play 10-10 0-0 -",
	"9/9/9/9/4R4/9/9/9/9 1 bl 2 interrupt 1-0 3-3 -",
	"9/9/9/9/5R3/9/9/1B7/9 1 br 2 take 1-0 3-2 s",
}

// Positions with the flag r of replay=once: a replay, its takes, the
// takes of a stop turn that interrupted it and the replay that follows.
var replayStarts = []string{
	"9/9/9/9/9/9/9/9/9 1 br 1 play 1-0 3-3 r",
	"9/9/9/9/9/4R4/9/9/9 1 tr 1 take 1-0 3-3 r",
	"9/1B7/9/9/5R3/9/9/9/9 1 br 2 take 1-0 3-2 rs",
	"9/1B7/9/9/9/9/9/9/9 1 br 1 play 2-0 3-2 nr",
}

func TestConformanceExtraStarts(t *testing.T) {
	t.Parallel()
	playouts := 20
	if testing.Short() {
		playouts = 4
	}
	for _, opts := range []game.Options{{}, {"push": "free"}} {
		gametest.Run(t, Game(), gametest.Config{Options: opts, Positions: extraStarts, Playouts: playouts, Seed: 11})
	}
	once := append(slices.Clone(extraStarts), replayStarts...)
	gametest.Run(t, Game(), gametest.Config{Options: game.Options{"replay": "once"}, Positions: once, Playouts: playouts, Seed: 11})
}

func newState(t *testing.T, id, pos string) game.State {
	t.Helper()
	s, err := game.NewRegistry(Game()).New(id, pos)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func play(t *testing.T, s game.State, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if _, err := game.PlayChecked(s, m); err != nil {
			t.Fatalf("play %s: %v", m, err)
		}
	}
}

// The spec's claim for board 1: from every corner, a first pawn on e5
// makes a line after the push (either push with push=free), and exactly
// one take is legal.
func TestCentreScoresOnBoard1(t *testing.T) {
	t.Parallel()
	for _, corner := range []string{"bl", "br", "tr", "tl"} {
		c, _ := parseCorner(corner)
		for _, to := range []int{(c + 1) & 3, (c + 3) & 3} {
			name := corner + "-" + cornerNames[to]
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				s := newState(t, "abraxas:push=free", "")
				play(t, s, "@"+corner, "e5@"+cornerNames[to])
				moves := game.MoveStrings(s)
				if !strings.Contains(s.String(), " 1 take ") || len(moves) != 1 {
					t.Errorf("after e5@%s: got %s with takes %v, want player 1 to take exactly once", cornerNames[to], s, moves)
				}
			})
		}
	}
}

// A turn-by-turn walk through a red turn that scores, the interrupt, and
// the replay with flag n.
func TestTurnSequence(t *testing.T) {
	t.Parallel()
	s := newState(t, "abraxas", "")
	steps := []struct{ move, want string }{
		{"@bl", "9/9/9/9/9/9/9/9/9 1 bl 1 play 0-0 3-3 -"},
		{"e5@br", "9/9/9/9/5R3/9/9/9/9 1 br 1 take 0-0 3-3 -"},
		{"xf5", "9/9/9/9/9/9/9/9/9 1 br 2 interrupt 1-0 3-3 -"},
		{"!b2", "9/9/9/9/9/9/9/1B7/9 1 br 1 play 1-0 3-2 n"},
		{"e4@tr", "9/9/9/9/4R4/9/1B7/9/9 1 tr 2 play 1-0 3-2 -"},
		{"!c3@tl", "9/9/9/9/3R5/9/BB7/9/9 1 tl 2 take 1-0 3-1 s"},
		{"xd5", "9/9/9/9/9/9/BB7/9/9 1 tl 1 play 1-1 3-1 n"},
	}
	for _, st := range steps {
		play(t, s, st.move)
		if got := s.String(); got != st.want {
			t.Fatalf("after %s: got %q, want %q", st.move, got, st.want)
		}
	}
	if moves := game.MoveStrings(s); len(moves) != 62 || moves[0][0] == '!' {
		t.Errorf("flag n: got %d moves starting %q, want 62 red turns", len(moves), moves[0])
	}
}

func TestWinAtEleven(t *testing.T) {
	t.Parallel()
	s := newState(t, "abraxas", "9/9/9/9/3R5/9/9/9/9 1 bl 1 take 10-5 3-3 -")
	play(t, s, "xd5")
	if got, want := s.String(), "9/9/9/9/9/9/9/9/9 1 bl 1 take 11-5 3-3 -"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if s.Result() != game.FirstWins || s.Reason() == "" || len(s.Moves(nil)) != 0 {
		t.Errorf("got result %s (%q) with %d moves, want first with no moves", s.Result(), s.Reason(), len(s.Moves(nil)))
	}
	if _, err := game.PlayChecked(s, "pass"); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("pass after the win: got %v, want ErrGameOver", err)
	}
	s.Undo()
	if s.Result() != game.Ongoing {
		t.Errorf("after undo: got %s, want ongoing", s.Result())
	}
}

// Relocations that bring the pawn back to its hole after four pushes
// repeat the position; the third occurrence is a draw.
func TestRepetition(t *testing.T) {
	t.Parallel()
	cycle := []string{"h7g7@br", "h7i7@tr", "i8h8@tl", "g8h8@bl"}
	s := newState(t, "abraxas", "9/RBBB3R1/7R1/9/9/9/9/9/RBBB5 1 bl 1 play 10-10 0-0 -")
	start := s.String()
	play(t, s, cycle...)
	if s.String() != start {
		t.Fatalf("after one cycle: got %q, want %q", s.String(), start)
	}
	play(t, s, cycle[:3]...)
	if s.Result() != game.Ongoing {
		t.Fatalf("before the third occurrence: got %s, want ongoing", s.Result())
	}
	play(t, s, cycle[3])
	if s.Result() != game.Draw || s.Reason() != "third repetition" || len(s.Moves(nil)) != 0 {
		t.Errorf("third occurrence: got %s (%q), want a draw with no moves", s.Result(), s.Reason())
	}
	c := s.Clone()
	c.Undo()
	c.(game.RepetitionSwitch).SetRepetition(false)
	play(t, c, cycle[3])
	if c.Result() != game.Ongoing {
		t.Errorf("repetition off: got %s, want ongoing", c.Result())
	}
}

// The layouts as the spec gives them: dot counts, a few dots by name,
// and no four dots in a row in any direction.
func TestLayouts(t *testing.T) {
	t.Parallel()
	counts := [6]int{12, 14, 16, 18, 21, 24}
	samples := [6]string{"e9 a5 i5 e1", "c8 d8 i4 g2", "g8 a6 e4 c2", "f9 i8 a2 d1", "a9 i9 e5 i1", "a9 h9 g4 i1"}
	for i, dots := range layouts {
		if got := dots.count(); got != counts[i] {
			t.Errorf("board %d: got %d dots, want %d", i+1, got, counts[i])
		}
		for _, name := range strings.Fields(samples[i]) {
			if sq, _ := parseSquare(name); !dots.has(sq) {
				t.Errorf("board %d: got no dot on %s, want one", i+1, name)
			}
		}
		for _, d := range directions {
			if run := runs(dots, d); !run.empty() {
				t.Errorf("board %d: four dots in a row through %s", i+1, squareName(run.first()))
			}
		}
	}
}

func TestNoAllocations(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts are meaningless under the race detector")
	}
	s := newState(t, "abraxas", "9/9/9/9/1R1RR4/9/9/9/9 1 bl 1 take 0-0 3-3 -").(*State)
	buf := make([]game.Move, 0, 256)
	s.Play(s.Moves(buf[:0])[0]) // grow the history once
	s.Undo()
	if n := testing.AllocsPerRun(100, func() {
		moves := s.Moves(buf[:0])
		s.Play(moves[0])
		_ = s.Moves(buf[:0])
		_ = s.CountMoves()
		s.Undo()
	}); n != 0 {
		t.Errorf("got %v allocations per move generation, play and undo, want 0", n)
	}
}
