package oshi

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/gametest"
)

// mirror swaps the colours and turns the board upside down: the same
// game seen from the other side.
func mirror(t *testing.T, s *State) *State {
	t.Helper()
	fields := strings.Split(s.String(), " ")
	rows := strings.Split(fields[0], "/")
	for i, j := 0, len(rows)-1; i < j; i, j = i+1, j-1 {
		rows[i], rows[j] = rows[j], rows[i]
	}
	swap := func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		case r >= 'A' && r <= 'Z':
			return r - 'A' + 'a'
		}
		return r
	}
	board := strings.Map(swap, strings.Join(rows, "/"))
	side := map[string]string{"r": "w", "w": "r"}[fields[1]]
	red, white, _ := strings.Cut(fields[2], "-")
	imp := "-"
	if s.nimp > 0 {
		parts := make([]string, s.nimp)
		for i, e := range s.imp[:s.nimp] {
			flip := func(sq int8) string { return squareName(int(sq)%size + (size-1-int(sq)/size)*size) }
			parts[i] = flip(e.now) + flip(e.before)
		}
		// Flipping ranks reverses the order of entries on one file.
		for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
			parts[i], parts[j] = parts[j], parts[i]
		}
		imp = strings.Join(parts, ",")
	}
	return mustParse(t, board+" "+side+" "+white+"-"+red+" "+imp)
}

func TestEvaluateSymmetric(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	s := mustParse(t, StartPosition)
	for ply := 0; ply < 400 && s.Result() == game.Ongoing; ply++ {
		m := mirror(t, s)
		if got, want := m.Evaluate(), s.Evaluate(); got != want {
			t.Fatalf("%s: mirrored %s evaluates to %d, want %d", s, m, got, want)
		}
		if got, want := m.CountMoves(), s.CountMoves(); got != want {
			t.Fatalf("%s: mirrored %s has %d moves, want %d", s, m, got, want)
		}
		s.Play(s.RandomMove(rng))
	}
}

func TestEvaluateTerms(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, better, worse string
	}{
		// Red to act in both; in the first red is a point ahead.
		{"score margin", "t7t/2dsssd2/9/9/9/9/4S4/2DSSSD2/T7T r 1-0 -",
			"t7t/2dsssd2/4s4/9/9/9/9/2DSSSD2/T7T r 0-1 -"},
		// The red T on e5 is far from every edge; on a5 it can be pushed off.
		{"placement", "4d3t/9/9/9/4T4/9/9/9/T3t3D r 6-6 -",
			"4d3t/9/9/9/T8/9/9/9/T3t3D r 6-6 -"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			b, w := mustParse(t, tc.better).Evaluate(), mustParse(t, tc.worse).Evaluate()
			if b <= w {
				t.Errorf("got %d for %s, not more than %d for %s", b, tc.better, w, tc.worse)
			}
		})
	}
	// Red can push white's t off and reach seven.
	if got := mustParse(t, "t3d3t/T8/9/9/9/9/9/4D4/8T r 6-6 -").Evaluate(); got < evalWinNow {
		t.Errorf("winning push available: got %d, want at least %d", got, evalWinNow)
	}
}

func TestNoAllocs(t *testing.T) {
	s := mustParse(t, StartPosition)
	rng := rand.New(rand.NewPCG(1, 1))
	buf := make([]game.Move, 0, maxMoves)
	tests := map[string]func(){
		"Moves":      func() { buf = s.Moves(buf[:0]) },
		"CountMoves": func() { s.CountMoves() },
		"RandomMove": func() { s.RandomMove(rng) },
		"Evaluate":   func() { s.Evaluate() },
	}
	for name, f := range tests {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: got %v allocations, want 0", name, n)
		}
	}
}

// TestRandomMoveUniform draws many moves from one position and checks
// that every legal move comes up about equally often.
func TestRandomMoveUniform(t *testing.T) {
	t.Parallel()
	s := mustParse(t, "t7t/9/9/4d4/4T4/9/9/9/T7D w 6-6 e6e5")
	legal := s.Moves(nil)
	rng := rand.New(rand.NewPCG(5, 6))
	counts := map[game.Move]int{}
	const draws = 19000
	for range draws {
		counts[s.RandomMove(rng)]++
	}
	want := draws / len(legal)
	for _, m := range legal {
		if c := counts[m]; c < want*8/10 || c > want*12/10 {
			t.Errorf("move %s drawn %d times, want about %d", s.FormatMove(m), c, want)
		}
	}
	if len(counts) != len(legal) {
		t.Errorf("drew %d distinct moves, want the %d legal ones", len(counts), len(legal))
	}
}

// TestBestGain checks the shortcut in bestGain (moves that cannot drop
// anything are skipped) against simulating every move.
func TestBestGain(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	for g := 0; g < 20; g++ {
		s := mustParse(t, StartPosition)
		for s.Result() == game.Ongoing {
			for _, side := range []int{s.side, s.side ^ 1} {
				want, wantWin := 0, false
				for _, m := range s.generate(nil, side, side == s.side) {
					lost := s.lossesOf(m)
					want = max(want, lost[side^1]-lost[side])
					wantWin = wantWin || s.score[side]+lost[side^1] >= winScore && s.score[side^1]+lost[side] < winScore
				}
				got, gotWin := s.bestGain(side, side == s.side)
				if got != want || gotWin != wantWin {
					t.Fatalf("%s side %d: got gain %d win %v, want %d %v", s, side, got, gotWin, want, wantWin)
				}
			}
			s.Play(s.RandomMove(rng))
		}
	}
}

// evaluateBefore is Evaluate as it was written before it became a sum of
// features: the features must not change the search.
func evaluateBefore(s *State) int {
	me, opp := s.side, s.side^1
	v := wMargin * (s.score[me] - s.score[opp])
	v += wPlace * (s.placement(me) - s.placement(opp))
	mine, win := s.bestGain(me, true)
	if win {
		return evalWinNow
	}
	theirs, _ := s.bestGain(opp, false)
	v += wAttack*mine - wDanger*theirs
	v += wMobility * (s.count(me, true) - s.count(opp, false))
	return v
}

// TestFeaturesSumToEvaluate plays random games and checks, at every
// position, that the compiled-in weights times the features give
// Evaluate, and that Evaluate is what it was.
func TestFeaturesSumToEvaluate(t *testing.T) {
	t.Parallel()
	var _ game.Featurer = (*State)(nil)
	rng := rand.New(rand.NewPCG(19, 2))
	positions, nonzero := 0, make([]bool, numFeatures)
	for range 40 {
		s := mustParse(t, StartPosition)
		for ply := 0; ply < 300 && s.Result() == game.Ongoing; ply++ {
			for i, x := range gametest.CheckFeatures(t, s) {
				nonzero[i] = nonzero[i] || x != 0
			}
			if got, want := s.Evaluate(), evaluateBefore(s); got != want {
				t.Fatalf("%s: Evaluate %d, want %d as before", s, got, want)
			}
			positions++
			s.Play(s.RandomMove(rng))
		}
	}
	if positions < 1000 {
		t.Errorf("got %d positions, want at least 1000", positions)
	}
	for i, ok := range nonzero {
		if !ok {
			t.Errorf("feature %q was 0 in every position: the test does not exercise it", featureNames[i])
		}
	}
}
