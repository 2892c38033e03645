package abraxas

import "math/bits"

// The board is a 128-bit set with ten squares a rank: files a-i are bits
// 0-8 of each rank and bit 9 is a guard that is never set, so that a run
// along a row or a diagonal cannot wrap into the next rank. Square
// numbers are rank*10 + file.
const (
	files  = 9
	stride = 10
	nsq    = 9 * stride // 90 bit positions, 81 of them squares
)

// bitset is a set of squares.
type bitset struct{ lo, hi uint64 }

func sqBit(sq int) bitset {
	if sq < 64 {
		return bitset{lo: 1 << uint(sq)}
	}
	return bitset{hi: 1 << uint(sq-64)}
}

func (a bitset) and(b bitset) bitset    { return bitset{a.lo & b.lo, a.hi & b.hi} }
func (a bitset) or(b bitset) bitset     { return bitset{a.lo | b.lo, a.hi | b.hi} }
func (a bitset) andNot(b bitset) bitset { return bitset{a.lo &^ b.lo, a.hi &^ b.hi} }
func (a bitset) empty() bool            { return a.lo|a.hi == 0 }
func (a bitset) count() int             { return bits.OnesCount64(a.lo) + bits.OnesCount64(a.hi) }

func (a bitset) has(sq int) bool {
	if sq < 64 {
		return a.lo>>uint(sq)&1 != 0
	}
	return a.hi>>uint(sq-64)&1 != 0
}

// shl moves every square n bit positions up (0 < n < 64).
func (a bitset) shl(n uint) bitset { return bitset{a.lo << n, a.hi<<n | a.lo>>(64-n)} }

// shr moves every square n bit positions down (0 < n < 64).
func (a bitset) shr(n uint) bitset { return bitset{a.lo>>n | a.hi<<(64-n), a.hi >> n} }

// shift moves every square by a signed offset; 0 leaves the set alone.
func (a bitset) shift(n int) bitset {
	switch {
	case n > 0:
		return a.shl(uint(n))
	case n < 0:
		return a.shr(uint(-n))
	}
	return a
}

// first returns the lowest square of a non-empty set.
func (a bitset) first() int {
	if a.lo != 0 {
		return bits.TrailingZeros64(a.lo)
	}
	return 64 + bits.TrailingZeros64(a.hi)
}

// rest returns the set without its lowest square.
func (a bitset) rest() bitset {
	if a.lo != 0 {
		return bitset{a.lo & (a.lo - 1), a.hi}
	}
	return bitset{0, a.hi & (a.hi - 1)}
}

// nth returns the n-th lowest square (from 0) of a set with more than n.
func (a bitset) nth(n int) int {
	if c := bits.OnesCount64(a.lo); n >= c {
		return 64 + nthBit(a.hi, n-c)
	}
	return nthBit(a.lo, n)
}

func nthBit(x uint64, n int) int {
	for ; n > 0; n-- {
		x &= x - 1
	}
	return bits.TrailingZeros64(x)
}

// squareName returns "a1".."i9".
func squareName(sq int) string {
	return string([]byte{'a' + byte(sq%stride), '1' + byte(sq/stride)})
}

// parseSquare reads "a1".."i9" (lower case) at the start of s.
func parseSquare(s string) (int, bool) {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'i' || s[1] < '1' || s[1] > '9' {
		return 0, false
	}
	return int(s[1]-'1')*stride + int(s[0]-'a'), true
}
