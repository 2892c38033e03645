package yoxii

import (
	"math/bits"
	"math/rand/v2"

	"github.com/plateau-games/plateau/game"
)

// policyTries is how many random moves PlayoutMove draws, at most, to find
// one that does not hand the opponent an immediate win.
const policyTries = 2

// PlayoutMove implements game.PlayoutMover. Uniformly random playouts
// miss the one thing that decides Yoxii: trapping the totem. The policy
// takes a move that traps the totem for a win when there is one, and
// otherwise draws random moves until one neither traps the totem for a
// loss nor lets the opponent trap it for a win next turn (the last draw
// is played if none of policyTries does).
func (s *State) PlayoutMove(r *rand.Rand) game.Move {
	if m, ok := s.winningMove(r); ok {
		return m
	}
	me := s.side
	var m game.Move
	for range policyTries {
		m = s.RandomMove(r)
		s.Play(m)
		safe := false
		switch s.Result() {
		case game.Win(me):
			safe = true
		case game.Ongoing:
			_, lost := s.winningMove(nil)
			safe = !lost
		}
		s.Undo()
		if safe {
			return m
		}
	}
	return m
}

// winningMove returns a move that ends the game at once with a win for the
// player to act (see trap); r picks the square of a piece that may go
// anywhere (the lowest when r is nil).
func (s *State) winningMove(r *rand.Rand) (game.Move, bool) {
	top := 7 - bits.LeadingZeros8(s.handMask[s.side])
	empty := s.empties()
	for to := s.moveTargets(); to != 0; to &= to - 1 {
		sq := bits.TrailingZeros64(to)
		place, added, ok := s.trap(sq, top, empty, r)
		if ok && trapScore(s.margins(sq, added)) > 0 {
			return makeMove(sq, place, top), true
		}
	}
	return 0, false
}

// trap tells whether the player to act, moving the totem to sq, can leave
// the opponent no move, and where its piece (of value top) goes to do it:
// on the last empty neighbour of sq, adding top to the mover's sum there;
// or, when every neighbour is full and the piece may go anywhere, on the
// opponent's only landing square if that blocks the last way out, or on
// any empty square (r picks it, the lowest when r is nil) when there is
// no way out at all.
func (s *State) trap(sq, top int, empty uint64, r *rand.Rand) (place, added int, ok bool) {
	me, opp := s.side, s.side^1
	free := geo.neighbours[sq] & empty &^ (1 << sq)
	switch popcount(free) {
	case 0:
		out := targetsFrom(sq, s.occ[opp], s.occ[me])
		switch popcount(out) {
		case 0:
			return anySquare(empty&^(1<<sq), r), 0, true
		case 1:
			place = bits.TrailingZeros64(out)
		default:
			return 0, 0, false
		}
	case 1:
		place, added = bits.TrailingZeros64(free), top
	default:
		return 0, 0, false
	}
	return place, added, targetsFrom(sq, s.occ[opp], s.occ[me]|1<<place) == 0
}

// margins returns the mover's lead in value and in pieces around sq,
// counting one more piece of value added next to it when added > 0.
func (s *State) margins(sq, added int) (diff, n int) {
	me, opp := s.side, s.side^1
	nb := geo.neighbours[sq]
	diff = s.valueAround(me, nb) + added - s.valueAround(opp, nb)
	n = popcount(s.occ[me]&nb) - popcount(s.occ[opp]&nb)
	if added > 0 {
		n++
	}
	return diff, n
}

// anySquare returns a random square of a non-empty set, or its lowest
// square when r is nil.
func anySquare(set uint64, r *rand.Rand) int {
	if r == nil {
		return bits.TrailingZeros64(set)
	}
	return bits.TrailingZeros64(nthBit(set, r.IntN(popcount(set))))
}
