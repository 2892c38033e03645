package yoxii

import "math/bits"

// zobristKeys are the random keys of every element of the position
// string: each player's piece of each value on each square, the totem on
// each square, and red to act. The hands follow from the board, so they
// need no keys of their own.
type zobristKeys struct {
	piece [2][5][numSquares]uint64
	totem [numSquares]uint64
	red   uint64
}

var zobrist = buildZobrist()

func buildZobrist() *zobristKeys {
	z := &zobristKeys{}
	x := uint64(0x59_6F_78_69_69) // "Yoxii": fixed, so hashes are stable across runs
	next := func() uint64 {       // splitmix64
		x += 0x9E3779B97F4A7C15
		v := x
		v = (v ^ v>>30) * 0xBF58476D1CE4E5B9
		v = (v ^ v>>27) * 0x94D049BB133111EB
		return v ^ v>>31
	}
	for p := range 2 {
		for v := 1; v <= 4; v++ {
			for sq := range numSquares {
				z.piece[p][v][sq] = next()
			}
		}
	}
	for sq := range numSquares {
		z.totem[sq] = next()
	}
	z.red = next()
	return z
}

// fullHash computes the hash from scratch; Play and Undo keep it up to
// date incrementally.
func (s *State) fullHash() uint64 {
	h := zobrist.totem[s.totem]
	for p := range 2 {
		for v := 1; v <= 4; v++ {
			for b := s.pieces[p][v]; b != 0; b &= b - 1 {
				h ^= zobrist.piece[p][v][bits.TrailingZeros64(b)]
			}
		}
	}
	if s.side == 1 {
		h ^= zobrist.red
	}
	return h
}

// Hash implements game.State.
func (s *State) Hash() uint64 { return s.hash }

func popcount(b uint64) int { return bits.OnesCount64(b) }
