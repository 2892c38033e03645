package yoxii

import "math/bits"

// The board is numbered compactly, rank 1 first and files ascending within
// a rank, so that the 37 squares fit one uint64 and square order follows
// (rank, file) order: along a ray whose step raises that order the nearest
// square is the lowest bit, otherwise the highest. Jumps rely on this.

const (
	numSquares = 37
	noSquare   = -1
)

// rowFiles gives, per rank (0-based), the first and last file on the board.
var rowFiles = [7][2]int{{2, 4}, {1, 5}, {0, 6}, {0, 6}, {0, 6}, {1, 5}, {2, 4}}

// rowStart is the index of the first square of each rank.
var rowStart = [8]int{0, 3, 8, 15, 22, 29, 34, 37}

// allSquares has a bit for every square of the board.
const allSquares uint64 = 1<<numSquares - 1

// Directions: the first four raise the square order, the last four lower
// it (see above).
var dirs = [8][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}, {-1, 0}, {0, -1}, {-1, -1}, {1, -1}}

const numRising = 4

// squareAt returns the index of file f and rank r (0-based), or noSquare
// when the square is not on the board.
func squareAt(f, r int) int {
	if r < 0 || r > 6 || f < rowFiles[r][0] || f > rowFiles[r][1] {
		return noSquare
	}
	return rowStart[r] + f - rowFiles[r][0]
}

// coords returns the file and rank (0-based) of a square.
func coords(sq int) (f, r int) {
	for r = 0; sq >= rowStart[r+1]; r++ {
	}
	return rowFiles[r][0] + sq - rowStart[r], r
}

// tables are the immutable lookup tables of the board geometry.
type tables struct {
	neighbours [numSquares]uint64
	rays       [numSquares][8]uint64 // squares beyond sq in each direction, up to the edge
	ring2      [numSquares]uint64    // squares at king distance exactly 2
}

var geo = buildTables()

func buildTables() *tables {
	t := &tables{}
	for sq := 0; sq < numSquares; sq++ {
		f, r := coords(sq)
		for d, dd := range dirs {
			for i := 1; ; i++ {
				to := squareAt(f+i*dd[0], r+i*dd[1])
				if to == noSquare {
					break
				}
				if i == 1 {
					t.neighbours[sq] |= 1 << to
				}
				t.rays[sq][d] |= 1 << to
			}
		}
	}
	for sq := 0; sq < numSquares; sq++ {
		var near uint64
		for b := t.neighbours[sq]; b != 0; b &= b - 1 {
			near |= t.neighbours[bits.TrailingZeros64(b)]
		}
		t.ring2[sq] = near &^ t.neighbours[sq] &^ (1 << sq)
	}
	return t
}

// nearestRising returns the nearest square of a set along a rising ray,
// as a one-bit mask, or 0 for an empty set.
func nearestRising(set uint64) uint64 { return set & -set }

// nearestFalling is nearestRising for a falling ray. The shift count
// wraps to a huge unsigned number for an empty set, which gives 0 without
// a branch.
func nearestFalling(set uint64) uint64 {
	return 1 << uint(63-bits.LeadingZeros64(set))
}

// squareName returns "d4" for a square index.
func squareName(sq int) string {
	f, r := coords(sq)
	return string([]byte{byte('a' + f), byte('1' + r)})
}

// parseSquare reads a lower-case square name; ok is false when it is not
// a square name or not on the board.
func parseSquare(s string) (int, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'g' || s[1] < '1' || s[1] > '7' {
		return noSquare, false
	}
	sq := squareAt(int(s[0]-'a'), int(s[1]-'1'))
	return sq, sq != noSquare
}
