package oshi

import (
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/gametest"
)

// refBoard is a plain 2D board for a naive reference implementation of
// the move rules, written without the lookup tables and line copies of
// the engine, to check them against.
type refBoard [size][size]uint8 // [file][rank]

type refPiece struct {
	p      uint8
	f0, r0 int // square at the start of the move
}

// refPlay plays from (f, r) in direction (df, dr) for d steps on a copy
// of b. ok is false when the move is illegal by the pushing rules.
func refPlay(b refBoard, f, r, df, dr, d int) (out [size][size]refPiece, lost [2]int, ok bool) {
	for x := range size {
		for y := range size {
			if b[x][y] != 0 {
				out[x][y] = refPiece{b[x][y], x, y}
			}
		}
	}
	strength := tierOf(b[f][r])
	in := func(x, y int) bool { return x >= 0 && x < size && y >= 0 && y < size }
	for k := 0; k < d; k++ {
		nf, nr := f+df, r+dr
		if !in(nf, nr) {
			return out, lost, false
		}
		n := 0
		for x, y := nf, nr; in(x, y) && out[x][y].p != 0; x, y = x+df, y+dr {
			n++
		}
		if n > strength {
			return out, lost, false
		}
		for i := n - 1; i >= 0; i-- {
			x, y := nf+i*df, nr+i*dr
			if !in(x+df, y+dr) {
				lost[ownerOf(out[x][y].p)] += tierOf(out[x][y].p)
			} else {
				out[x+df][y+dr] = out[x][y]
			}
			out[x][y] = refPiece{}
		}
		out[nf][nr], out[f][r] = out[f][r], refPiece{}
		f, r = nf, nr
	}
	return out, lost, true
}

// refMoves returns the legal moves as text and the position string each
// leads to, by brute force over every piece, direction and distance.
func refMoves(s *State) map[string]string {
	var b refBoard
	for sq, p := range s.board {
		b[sq%size][sq/size] = p
	}
	forbidden := map[string]bool{}
	for _, e := range s.imp[:s.nimp] {
		forbidden[squareName(int(e.now))+squareName(int(e.before))] = true
	}
	dirs := [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}
	moves := map[string]string{}
	for f := range size {
		for r := range size {
			p := b[f][r]
			if p == 0 || ownerOf(p) != s.side {
				continue
			}
			for _, dv := range dirs {
				for d := 1; d <= tierOf(p); d++ {
					out, lost, ok := refPlay(b, f, r, dv[0], dv[1], d)
					if !ok {
						break
					}
					text := squareName(r*size+f) + squareName((r+d*dv[1])*size+f+d*dv[0])
					if !forbidden[text] {
						moves[text] = refPosition(s, out, lost)
					}
				}
			}
		}
	}
	return moves
}

// refPosition writes the position string after a reference move.
func refPosition(s *State, out [size][size]refPiece, lost [2]int) string {
	var rows []string
	var imp []string
	for r := size - 1; r >= 0; r-- {
		row, empty := "", 0
		for f := range size {
			pc := out[f][r]
			if pc.p == 0 {
				empty++
				continue
			}
			if empty > 0 {
				row += string(rune('0' + empty))
				empty = 0
			}
			row += string(pieceLetter(pc.p))
			moved := pc.f0 != f || pc.r0 != r
			if moved && ownerOf(pc.p) != s.side {
				imp = append(imp, squareName(r*size+f)+squareName(pc.r0*size+pc.f0))
			}
		}
		if empty > 0 {
			row += string(rune('0' + empty))
		}
		rows = append(rows, row)
	}
	sort.Strings(imp)
	impField := "-"
	if len(imp) > 0 {
		impField = strings.Join(imp, ",")
	}
	score := [2]int{s.score[0] + lost[1], s.score[1] + lost[0]}
	return strings.Join(rows, "/") + " " + [2]string{"w", "r"}[s.side] + " " +
		scoreField(score) + " " + impField
}

// TestAgainstReference compares the engine's moves, and the position
// each move leads to, with the brute-force reference along random games.
func TestAgainstReference(t *testing.T) {
	t.Parallel()
	games := 40
	if testing.Short() {
		games = 8
	}
	rng := rand.New(rand.NewPCG(11, 12))
	starts := append([]string{StartPosition}, conformancePositions...)
	for g := range games {
		s := mustParse(t, starts[g%len(starts)])
		for s.Result() == game.Ongoing {
			checkReference(t, s)
			if t.Failed() {
				return
			}
			s.Play(s.RandomMove(rng))
		}
	}
}

func checkReference(t *testing.T, s *State) {
	t.Helper()
	want := refMoves(s)
	got := game.MoveStrings(s)
	if len(want) == 0 {
		want["pass"] = strings.Join(slices.Concat([]string{strings.Split(s.String(), " ")[0]},
			[]string{[2]string{"w", "r"}[s.side], scoreField(s.score), "-"}), " ")
	}
	if len(got) != len(want) {
		t.Errorf("%s: got %d moves %v, reference has %d", s, len(got), got, len(want))
		return
	}
	for _, text := range got {
		after, ok := want[text]
		if !ok {
			t.Errorf("%s: move %s is not in the reference", s, text)
			continue
		}
		c := s.Clone()
		if _, err := game.PlayChecked(c, text); err != nil {
			t.Fatal(err)
		}
		if c.String() != after {
			t.Errorf("%s: after %s got %q, reference %q", s, text, c.String(), after)
		}
	}
}

// refPerft counts move sequences with the reference generator, going
// from position string to position string.
func refPerft(t *testing.T, pos string, depth int) uint64 {
	s := mustParse(t, pos)
	if depth == 0 {
		return 1
	}
	if s.Result() != game.Ongoing {
		return 0
	}
	moves := refMoves(s)
	if len(moves) == 0 {
		next := strings.Split(pos, " ")
		next[1], next[3] = [2]string{"w", "r"}[s.side], "-"
		return refPerft(t, strings.Join(next, " "), depth-1)
	}
	var n uint64
	for _, after := range moves {
		n += refPerft(t, after, depth-1)
	}
	return n
}

// TestPerftAgainstReference recomputes the perft file's positions with
// the reference generator, so that the deeper counts there are checked
// by a second implementation, not only by the engine itself.
func TestPerftAgainstReference(t *testing.T) {
	t.Parallel()
	cases, err := gametest.ReadPerftFile("testdata/oshi.perft")
	if err != nil {
		t.Fatal(err)
	}
	depth := 3
	if testing.Short() {
		depth = 2
	}
	for _, c := range cases {
		pos := c.Position
		if pos == "" {
			pos = StartPosition
		}
		for _, pc := range c.Counts {
			if pc.Depth > depth {
				continue
			}
			if got := refPerft(t, pos, pc.Depth); got != pc.Nodes {
				t.Errorf("%s: reference perft %d: got %d, file says %d", c.Name, pc.Depth, got, pc.Nodes)
			}
		}
	}
}
