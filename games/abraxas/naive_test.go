package abraxas

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// naiveTakes lists the take moves of a position square by square, as a
// reader of the rules would, to check the bitset version against.
func naiveTakes(s *State) []string {
	red := func(f, r int) bool {
		if f < 0 || f >= 9 || r < 0 || r >= 9 {
			return false
		}
		sq := r*stride + f
		return s.p.red.has(sq) || s.dots.has(sq) && !s.p.stop.has(sq)
	}
	seen := map[string]bool{}
	for _, d := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}} {
		for f := range 9 {
			for r := range 9 {
				if !red(f, r) || red(f-d[0], r-d[1]) {
					continue // not the start of a run
				}
				var line []int
				for x, y := f, r; red(x, y); x, y = x+d[0], y+d[1] {
					line = append(line, y*stride+x)
				}
				for _, take := range naiveLineTakes(s, line) {
					seen[take] = true
				}
			}
		}
	}
	var out []string
	for k := range seen {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func naiveLineTakes(s *State, line []int) []string {
	var pawns []int
	for i, sq := range line {
		if s.p.red.has(sq) {
			pawns = append(pawns, i)
		}
	}
	k := len(line) - 3
	if len(line) < 4 || len(pawns) == 0 {
		return nil
	}
	if len(pawns) <= k {
		return []string{naiveName(line, pawns)}
	}
	var ok, all []string
	for mask := 0; mask < 1<<len(pawns); mask++ {
		var chosen []int
		taken := map[int]bool{}
		for j, i := range pawns {
			if mask>>j&1 != 0 {
				chosen = append(chosen, i)
				taken[i] = true
			}
		}
		if len(chosen) != k {
			continue
		}
		var left []int
		for i := range line {
			if !taken[i] {
				left = append(left, i)
			}
		}
		name := naiveName(line, chosen)
		all = append(all, name)
		if !(left[1] == left[0]+1 && left[2] == left[1]+1) {
			ok = append(ok, name)
		}
	}
	if len(ok) > 0 {
		return ok
	}
	return all
}

func naiveName(line, idx []int) string {
	var names []string
	for _, i := range idx {
		names = append(names, squareName(line[i]))
	}
	slices.Sort(names)
	return "x" + strings.Join(names, ",")
}

// Random positions with many pawns: the bitset takes must equal the
// square-by-square ones.
func TestTakesAgainstNaive(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(5, 6))
	n := 3000
	if testing.Short() {
		n = 300
	}
	withLines := 0
	for i := range n {
		s, _ := Parse(nil, startString(1+i%6))
		s.p.corner, s.p.phase = int8(r.IntN(4)), phaseTake
		holes := plateAt[s.p.corner]
		for range 4 + r.IntN(20) {
			sq := holes.nth(r.IntN(64))
			if r.IntN(8) == 0 {
				s.p.stop = s.p.stop.or(sqBit(sq)).andNot(s.p.red)
			} else {
				s.p.red = s.p.red.or(sqBit(sq)).andNot(s.p.stop)
			}
		}
		want := naiveTakes(s)
		got := []string{}
		if s.hasLine() {
			got = game.MoveStrings(s)
			withLines++
		}
		if len(want) == 0 {
			want = []string{}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s: got takes %v, want %v", s, got, want)
		}
	}
	if withLines < n/3 {
		t.Errorf("got %d of %d random positions with a line, want at least a third", withLines, n)
	}
	t.Logf("%d of %d positions with lines", withLines, n)
}
