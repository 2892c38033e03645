package yoxii

import (
	"math/bits"
	"math/rand/v2"

	"github.com/plateau-games/plateau/game"
)

// A move packs the totem's destination (bits 0-5), the placement square
// (bits 6-11) and the value placed (bits 12-14).
func makeMove(to, place, value int) game.Move {
	return game.Move(to | place<<6 | value<<12)
}

func moveTo(m game.Move) int    { return int(m & 63) }
func movePlace(m game.Move) int { return int(m >> 6 & 63) }
func moveValue(m game.Move) int { return int(m >> 12 & 7) }

// totemTargets returns the squares the totem can reach for player p. In
// every direction the first square that does not hold one of p's pieces
// ends the run: the totem lands there if it is empty (a step when the run
// is empty, a jump otherwise); an opponent's piece there, or no square at
// all (the edge), blocks the direction.
func (s *State) totemTargets(p game.Player) uint64 {
	own, opp := s.occ[p], s.occ[p^1]
	rays := &geo.rays[s.totem]
	var to uint64
	for d := 0; d < numRising; d++ {
		to |= nearestRising(rays[d] &^ own)
	}
	for d := numRising; d < 8; d++ {
		to |= nearestFalling(rays[d] &^ own)
	}
	return to &^ opp
}

// moveTargets returns the totem's destinations for the player to act,
// from the cache when it is filled.
func (s *State) moveTargets() uint64 {
	if !s.cached {
		s.targets, s.cached = s.totemTargets(s.side), true
	}
	return s.targets
}

// empties returns the empty squares once the totem has left its square
// (and before it lands anywhere).
func (s *State) empties() uint64 {
	return allSquares &^ (s.occ[0] | s.occ[1])
}

// placements returns where a piece may go once the totem stands on to:
// an empty neighbour of to, or any empty square if it has none.
func placements(to int, empty uint64) uint64 {
	empty &^= 1 << to
	if n := geo.neighbours[to] & empty; n != 0 {
		return n
	}
	return empty
}

// Moves implements game.State: by destination, value, then placement
// square, each in square order.
func (s *State) Moves(dst []game.Move) []game.Move {
	empty := s.empties()
	hand := s.handMask[s.side]
	for to := s.moveTargets(); to != 0; to &= to - 1 {
		t := bits.TrailingZeros64(to)
		targets := placements(t, empty)
		for v := 1; v <= 4; v++ {
			if hand&(1<<v) == 0 {
				continue
			}
			for b := targets; b != 0; b &= b - 1 {
				dst = append(dst, makeMove(t, bits.TrailingZeros64(b), v))
			}
		}
	}
	return dst
}

// CountMoves implements game.MoveCounter without generating: the sum over
// destinations of the placement squares, times the values in hand.
func (s *State) CountMoves() int {
	empty := s.empties()
	n := 0
	for to := s.moveTargets(); to != 0; to &= to - 1 {
		n += popcount(placements(bits.TrailingZeros64(to), empty))
	}
	return n * popcount(uint64(s.handMask[s.side]))
}

// RandomMove implements game.RandomMover: one random number picks the
// value and then the (destination, placement) pair, every legal move with
// the same chance, without building the list.
func (s *State) RandomMove(r *rand.Rand) game.Move {
	empty := s.empties()
	var dest [8]int
	var targets [8]uint64
	k, total := 0, 0
	for to := s.moveTargets(); to != 0; to &= to - 1 {
		dest[k] = bits.TrailingZeros64(to)
		targets[k] = placements(dest[k], empty)
		total += popcount(targets[k])
		k++
	}
	hand := uint64(s.handMask[s.side])
	x := r.IntN(total * popcount(hand))
	v := bits.TrailingZeros64(nthBit(hand, x%popcount(hand)))
	x /= popcount(hand)
	for i := 0; ; i++ {
		if c := popcount(targets[i]); x >= c {
			x -= c
			continue
		}
		return makeMove(dest[i], bits.TrailingZeros64(nthBit(targets[i], x)), v)
	}
}

// nthBit returns the n-th lowest set bit of b (n from 0) as a mask.
func nthBit(b uint64, n int) uint64 {
	for ; n > 0; n-- {
		b &= b - 1
	}
	return b & -b
}
