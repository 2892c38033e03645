package gametest

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// Config says what Run exercises.
type Config struct {
	Options   game.Options // game options, as in a game id
	Positions []string     // extra start positions (the game's start is always used)
	Playouts  int          // random games per start position; 0 means 200
	MaxPlies  int          // a playout stops after this many plies; 0 means 1000
	Seed      uint64
}

// Run plays random games of g and checks every invariant of game.State.
func Run(t testing.TB, g game.Game, cfg Config) {
	t.Helper()
	if cfg.Playouts == 0 {
		cfg.Playouts = 200
	}
	if cfg.MaxPlies == 0 {
		cfg.MaxPlies = 1000
	}
	starts := []string{""}
	starts = append(starts, cfg.Positions...)
	seen := map[string]uint64{} // position string -> hash, across all playouts
	for i, pos := range starts {
		rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
		for n := 0; n < cfg.Playouts; n++ {
			s := newState(t, g, cfg.Options, pos)
			playout(t, g, cfg, s, rng, seen)
			if t.Failed() {
				t.Fatalf("stopping after the first failing playout (start %q, playout %d)", pos, n)
			}
		}
	}
}

func newState(t testing.TB, g game.Game, opts game.Options, pos string) game.State {
	t.Helper()
	var s game.State
	var err error
	if pos == "" {
		s, err = g.Start(opts)
	} else {
		s, err = g.Parse(opts, pos)
	}
	if err != nil {
		t.Fatalf("start %q: %v", pos, err)
	}
	return s
}

// playout plays one random game, checking each position, then undoes it
// all and checks that every step back restores the exact position.
func playout(t testing.TB, g game.Game, cfg Config, s game.State, rng *rand.Rand, seen map[string]uint64) {
	t.Helper()
	type step struct {
		pos  string
		hash uint64
	}
	var trail []step
	var buf []game.Move
	for ply := 0; ply < cfg.MaxPlies; ply++ {
		buf = checkPosition(t, g, cfg.Options, s, buf[:0], seen)
		if t.Failed() || len(buf) == 0 {
			break
		}
		checkClone(t, s, buf, rng)
		m := buf[rng.IntN(len(buf))]
		if rm, ok := s.(game.RandomMover); ok && rng.IntN(2) == 0 {
			m = rm.RandomMove(rng)
			if !slices.Contains(buf, m) {
				t.Errorf("%s: RandomMove gave %q, not a legal move", s, s.FormatMove(m))
				return
			}
		}
		trail = append(trail, step{s.String(), s.Hash()})
		s.Play(m)
		if ply%16 == 0 {
			checkMarker(t, s, ply+1)
		}
	}
	for i := len(trail) - 1; i >= 0 && !t.Failed(); i-- {
		s.Undo()
		if got := s.String(); got != trail[i].pos {
			t.Errorf("undo at ply %d: got position %q, want %q", i, got, trail[i].pos)
		}
		if got := s.Hash(); got != trail[i].hash {
			t.Errorf("undo at ply %d (%s): got hash %x, want %x", i, trail[i].pos, got, trail[i].hash)
		}
	}
}

// checkPosition checks one position and returns its legal moves.
func checkPosition(t testing.TB, g game.Game, opts game.Options, s game.State, buf []game.Move, seen map[string]uint64) []game.Move {
	t.Helper()
	pos := s.String()
	if h, ok := seen[pos]; ok && h != s.Hash() {
		t.Errorf("%s: hash %x, but the same position had hash %x by another path", pos, s.Hash(), h)
	}
	seen[pos] = s.Hash()
	checkRoundTrip(t, g, opts, s)
	moves := s.Moves(buf)
	if s.Result() != game.Ongoing {
		if len(moves) != 0 {
			t.Errorf("%s: finished (%s) but has %d moves", pos, s.Result(), len(moves))
		}
		if s.Reason() == "" {
			t.Errorf("%s: finished (%s) without a reason", pos, s.Result())
		}
		return moves[:0]
	}
	if len(moves) == 0 {
		t.Errorf("%s: ongoing but has no moves (a player who cannot move passes)", pos)
	}
	if s.Reason() != "" {
		t.Errorf("%s: ongoing but gives the reason %q", pos, s.Reason())
	}
	if mc, ok := s.(game.MoveCounter); ok && mc.CountMoves() != len(moves) {
		t.Errorf("%s: CountMoves %d, want %d", pos, mc.CountMoves(), len(moves))
	}
	if ev, ok := s.(game.Evaluator); ok {
		if v := ev.Evaluate(); v <= -game.EvalWin || v >= game.EvalWin {
			t.Errorf("%s: Evaluate %d outside (-EvalWin, EvalWin)", pos, v)
		}
	}
	if _, ok := s.(game.Featurer); ok {
		CheckFeatures(t, s)
	}
	checkNotation(t, s, moves)
	if s.String() != pos {
		t.Errorf("generating moves changed the position from %q to %q", pos, s.String())
	}
	return moves
}

// CheckFeatures checks game.Featurer's contract at s, a State that
// implements it and game.Evaluator: as many features as weights and
// names, and Evaluate equal to the weighted sum of the features,
// rounded. It returns the features, for a game's own tests to look at.
// Run checks it at every position it visits.
func CheckFeatures(t testing.TB, s game.State) []float64 {
	t.Helper()
	fs, ok := s.(game.Featurer)
	ev, ok2 := s.(game.Evaluator)
	if !ok || !ok2 {
		t.Fatalf("%s: %T is not a game.Featurer and game.Evaluator", s, s)
	}
	f, w, names := fs.Features(nil), fs.EvalWeights(), fs.FeatureNames()
	if len(f) != len(w) || len(names) != len(w) {
		t.Fatalf("%s: got %d features, %d weights and %d names, want as many", s, len(f), len(w), len(names))
	}
	sum := 0.0
	for i := range f {
		sum += w[i] * f[i]
	}
	if got, want := int(math.Round(sum)), ev.Evaluate(); got != want {
		t.Fatalf("%s: weighted features %d, want Evaluate %d", s, got, want)
	}
	return f
}

func checkRoundTrip(t testing.TB, g game.Game, opts game.Options, s game.State) {
	t.Helper()
	pos := s.String()
	p, err := g.Parse(opts, pos)
	if err != nil {
		t.Errorf("position %q does not parse: %v", pos, err)
		return
	}
	if got := p.String(); got != pos {
		t.Errorf("position round trip: got %q, want %q", got, pos)
	}
	if p.Hash() != s.Hash() {
		t.Errorf("%s: incremental hash %x, hash from scratch %x", pos, s.Hash(), p.Hash())
	}
	if p.ToAct() != s.ToAct() {
		t.Errorf("%s: parsed position has %s to act, want %s", pos, p.ToAct(), s.ToAct())
	}
	// A repetition draw depends on history the string does not hold.
	if r := s.Result(); r != game.Draw && p.Result() != r {
		t.Errorf("%s: parsed position has result %s, want %s", pos, p.Result(), r)
	}
}

func checkNotation(t testing.TB, s game.State, moves []game.Move) {
	t.Helper()
	texts := make(map[string]bool, len(moves))
	for _, m := range moves {
		text := s.FormatMove(m)
		if text == "" || text != strings.ToLower(text) || strings.ContainsAny(text, " \t\n") {
			t.Errorf("%s: move %q is not canonical lower-case text", s, text)
		}
		if texts[text] {
			t.Errorf("%s: move %q is listed twice", s, text)
		}
		texts[text] = true
		back, err := s.ParseMove(text)
		if err != nil {
			t.Errorf("%s: move %q does not parse: %v", s, text, err)
		} else if back != m {
			t.Errorf("%s: move %q parses to %q", s, text, s.FormatMove(back))
		}
		if up, err := s.ParseMove(strings.ToUpper(text)); err == nil && up != m {
			t.Errorf("%s: upper-case %q parses to another move", s, text)
		}
	}
}

// checkClone plays a move on a clone and checks the original is untouched.
func checkClone(t testing.TB, s game.State, moves []game.Move, rng *rand.Rand) {
	t.Helper()
	pos, h := s.String(), s.Hash()
	c := s.Clone()
	if c.String() != pos || c.Hash() != h {
		t.Errorf("clone of %q is %q", pos, c.String())
	}
	c.Play(moves[rng.IntN(len(moves))])
	if s.String() != pos || s.Hash() != h {
		t.Errorf("playing on a clone changed the original from %q to %q", pos, s.String())
	}
	c.Undo()
	if c.String() != pos {
		t.Errorf("clone after play and undo is %q, want %q", c.String(), pos)
	}
}

// checkMarker checks a game.Marker: marking no move draws as Draw does,
// and marking any number of moves (more than the history too) leaves the
// position as it was.
func checkMarker(t testing.TB, s game.State, plies int) {
	t.Helper()
	mk, ok := s.(game.Marker)
	if !ok {
		return
	}
	pos, hash := s.String(), s.Hash()
	if d, ok := s.(game.Drawer); ok && mk.DrawLast(false, 0) != d.Draw(false) {
		t.Errorf("%s: DrawLast of no move differs from Draw", pos)
	}
	for _, n := range []int{1, plies, plies + 5} {
		for _, color := range []bool{false, true} {
			mk.DrawLast(color, n)
		}
		if s.String() != pos || s.Hash() != hash {
			t.Errorf("%s: DrawLast(%d) changed the position to %s", pos, n, s.String())
		}
	}
}
