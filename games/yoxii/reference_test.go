package yoxii

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// refBoard is a deliberately naive model of a position, written from the
// spec without any of the engine's tables, to check the engine against.
type refBoard struct {
	cell [7][7]byte // [file][rank]: 0 off the board, '.' empty, else the letter
	side byte       // 'w' or 'r'
}

func refOnBoard(f, r int) bool {
	if f < 0 || f > 6 || r < 0 || r > 6 {
		return false
	}
	// Three squares are cut at each corner: the corner and its two
	// orthogonal neighbours, i.e. where both distances to the nearest
	// edges are at most 1 and at least one is 0.
	df, dr := min(f, 6-f), min(r, 6-r)
	return !(df+dr <= 1)
}

func refParse(t *testing.T, pos string) refBoard {
	t.Helper()
	var b refBoard
	rows, side, _ := strings.Cut(pos, " ")
	b.side = side[0]
	for i, row := range strings.Split(rows, "/") {
		r := 6 - i
		f := 0
		for f < 7 && !refOnBoard(f, r) {
			f++
		}
		for _, c := range []byte(row) {
			n := 1
			if c >= '1' && c <= '9' {
				n, c = int(c-'0'), '.'
			}
			for ; n > 0; n-- {
				b.cell[f][r] = c
				f++
			}
		}
	}
	return b
}

// moves lists the legal moves as strings, straight from the spec.
func (b refBoard) moves() []string {
	own := "OIYX"
	if b.side == 'r' {
		own = "oiyx"
	}
	var tf, tr int
	inHand := map[byte]int{}
	for f := range 7 {
		for r := range 7 {
			switch c := b.cell[f][r]; {
			case c == 'T':
				tf, tr = f, r
			case c != 0 && strings.IndexByte(own, c) >= 0:
				inHand[c]++
			}
		}
	}
	var out []string
	for df := -1; df <= 1; df++ {
		for dr := -1; dr <= 1; dr++ {
			if df == 0 && dr == 0 {
				continue
			}
			f, r := tf+df, tr+dr
			for refOnBoard(f, r) && strings.IndexByte(own, b.cell[f][r]) >= 0 {
				f, r = f+df, r+dr
			}
			if !refOnBoard(f, r) || b.cell[f][r] != '.' {
				continue
			}
			out = append(out, b.placementsFrom(tf, tr, f, r, own, inHand)...)
		}
	}
	return out
}

func (b refBoard) placementsFrom(tf, tr, f, r int, own string, inHand map[byte]int) []string {
	b.cell[tf][tr], b.cell[f][r] = '.', 'T'
	var near, all []string
	for pf := range 7 {
		for pr := range 7 {
			if !refOnBoard(pf, pr) || b.cell[pf][pr] != '.' {
				continue
			}
			sq := string([]byte{byte('a' + pf), byte('1' + pr)})
			all = append(all, sq)
			if max(pf-f, f-pf, pr-r, r-pr) == 1 {
				near = append(near, sq)
			}
		}
	}
	if len(near) == 0 {
		near = all
	}
	setSize := map[byte]int{own[0]: 5, own[1]: 5, own[2]: 5, own[3]: 3}
	var out []string
	to := string([]byte{byte('a' + f), byte('1' + r)})
	for v := 0; v < 4; v++ {
		if inHand[own[v]] >= setSize[own[v]] {
			continue
		}
		for _, sq := range near {
			out = append(out, to+","+string(rune('1'+v))+"@"+sq)
		}
	}
	return out
}

// TestAgainstReference compares the legal moves of every position of
// random games with the naive model.
func TestAgainstReference(t *testing.T) {
	t.Parallel()
	games := 300
	if testing.Short() {
		games = 40
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for g := 0; g < games; g++ {
		s := New()
		for {
			want := refParse(t, s.String()).moves()
			slices.Sort(want)
			got := game.MoveStrings(s)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: got %d moves %v, want %d %v", s, len(got), got, len(want), want)
			}
			if len(got) == 0 {
				break
			}
			s.Play(s.RandomMove(rng))
		}
	}
}

// refPerft counts move sequences with the naive model only.
func refPerft(t *testing.T, pos string, depth int) uint64 {
	moves := refParse(t, pos).moves()
	if depth == 1 {
		return uint64(len(moves))
	}
	s, err := Parse(pos)
	if err != nil {
		t.Fatal(err)
	}
	var n uint64
	for _, text := range moves {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		s.Play(m)
		n += refPerft(t, s.String(), depth-1)
		s.Undo()
	}
	return n
}

// TestReferencePerft checks the deeper counts of the perft file that are
// not worked out by hand against the naive model.
func TestReferencePerft(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("the naive model is slow")
	}
	for _, tc := range []struct {
		pos   string
		depth int
	}{
		{StartPosition, 2}, // depth 3 is the spec's known value
		{"yxo/i1o1y/2iY3/YIOTOI1/4X2/5/3 w", 3},
		{"3/5/2yoyOI/2iTX1Y/2oxiOI/5/Y2 w", 3},
		{"XXX/5/7/3T3/7/5/ooo w", 3},
		{"yix/x3o/7/7/7/1OOO1/OTO w", 3},
		{"3/3Xy/I1XiT2/O2ooXY/O1o1o1I/3o1/Y1i r", 3},
	} {
		t.Run(tc.pos, func(t *testing.T) {
			t.Parallel()
			s, err := Parse(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := game.Perft(s, tc.depth), refPerft(t, tc.pos, tc.depth); got != want {
				t.Errorf("perft %d: got %d, want %d", tc.depth, got, want)
			}
		})
	}
}
