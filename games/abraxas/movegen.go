package abraxas

import (
	"math/bits"
	"math/rand/v2"

	"github.com/plateau-games/plateau/game"
)

// pushes returns the corners the plate may be pushed to: the next one
// counter-clockwise first, then with push=free the one clockwise.
func (s *State) pushes() ([2]int, int) {
	c := int(s.p.corner)
	if s.free {
		return [2]int{(c + 1) & 3, (c + 3) & 3}, 2
	}
	return [2]int{(c + 1) & 3}, 1
}

func (s *State) emptyHoles() bitset {
	return plateAt[s.p.corner].andNot(s.p.red.or(s.p.stop))
}

func (s *State) mayStop() bool {
	p := &s.p
	return p.stops[p.toAct] > 0 && p.flags&flagNoStop == 0
}

// Moves implements game.State. Order: placements (or relocations) by
// square then push, stop turns by square (no push first), takes by line.
func (s *State) Moves(dst []game.Move) []game.Move {
	if s.p.result != game.Ongoing {
		return dst
	}
	switch s.p.phase {
	case phaseCorner:
		for c := range 4 {
			dst = append(dst, cornerMove(c))
		}
	case phasePlay:
		dst = s.redTurns(dst)
		if s.mayStop() {
			dst = s.stopTurns(dst)
		}
	case phaseInterrupt:
		dst = append(dst, passMove)
		dst = s.stopTurns(dst)
	case phaseTake:
		dst = s.takes(dst)
	}
	return dst
}

func (s *State) redTurns(dst []game.Move) []game.Move {
	to, n := s.pushes()
	empty := s.emptyHoles()
	if s.p.pool() > 0 {
		for b := empty; !b.empty(); b = b.rest() {
			sq := b.first()
			for _, c := range to[:n] {
				dst = append(dst, placeMove(kindPlace, sq, c))
			}
		}
		return dst
	}
	for from := s.p.red; !from.empty(); from = from.rest() {
		f := from.first()
		for b := empty; !b.empty(); b = b.rest() {
			sq := b.first()
			for _, c := range to[:n] {
				dst = append(dst, relocateMove(f, sq, c))
			}
		}
	}
	return dst
}

func (s *State) stopTurns(dst []game.Move) []game.Move {
	to, n := s.pushes()
	for b := s.emptyHoles(); !b.empty(); b = b.rest() {
		sq := b.first()
		dst = append(dst, placeMove(kindStop, sq, noCorner))
		for _, c := range to[:n] {
			dst = append(dst, placeMove(kindStop, sq, c))
		}
	}
	return dst
}

// takes lists the take moves of every line, each set of squares once
// even when two lines offer it.
func (s *State) takes(dst []game.Move) []game.Move {
	start := len(dst)
	red := s.p.redSquares(s.dots)
	for _, d := range directions {
		cov := runs(red, d)
		if cov.and(s.p.red).empty() {
			continue
		}
		for heads := cov.andNot(cov.shl(d)); !heads.empty(); heads = heads.rest() {
			var line [files]int
			var pawns uint
			n := 0
			for sq := heads.first(); cov.has(sq); sq += int(d) {
				if s.p.red.has(sq) {
					pawns |= 1 << n
				}
				line[n] = sq
				n++
			}
			if pawns != 0 {
				dst = lineTakes(dst, start, line[:n], pawns)
			}
		}
	}
	return dst
}

// lineTakes appends the takes of one line of L squares whose pawns are
// at the positions in the mask pawns: k = L-3 pawns, leaving three
// squares that are not three consecutive squares of the line; if no
// choice does, any k pawns; with fewer than k pawns, all of them.
func lineTakes(dst []game.Move, start int, line []int, pawns uint) []game.Move {
	k := len(line) - 3
	if bits.OnesCount(pawns) <= k {
		return addTake(dst, start, line, pawns)
	}
	full := uint(1)<<len(line) - 1
	for _, strict := range [2]bool{true, false} {
		found := false
		for m := pawns; m != 0; m = (m - 1) & pawns {
			if bits.OnesCount(m) != k {
				continue
			}
			if left := full &^ m; strict && left&(left>>1)&(left>>2) != 0 {
				continue
			}
			found = true
			dst = addTake(dst, start, line, m)
		}
		if found {
			break
		}
	}
	return dst
}

// addTake appends the take of the line's squares in mask unless an
// earlier line of the same position already offered it.
func addTake(dst []game.Move, start int, line []int, mask uint) []game.Move {
	m := game.Move(kindTake | bits.OnesCount(mask)<<3)
	shift := 6
	for i, sq := range line {
		if mask>>i&1 != 0 {
			m |= game.Move(sq) << shift
			shift += 7
		}
	}
	for _, o := range dst[start:] {
		if o == m {
			return dst
		}
	}
	return append(dst, m)
}

// CountMoves implements game.MoveCounter: play and interrupt phases are
// counted from the number of empty holes.
func (s *State) CountMoves() int {
	p := &s.p
	if p.result != game.Ongoing {
		return 0
	}
	switch p.phase {
	case phaseCorner:
		return 4
	case phaseTake:
		var buf [128]game.Move
		return len(s.takes(buf[:0]))
	}
	_, n := s.pushes()
	empty := s.emptyHoles().count()
	if p.phase == phaseInterrupt {
		return 1 + empty*(1+n)
	}
	count := empty * n
	if p.pool() == 0 {
		count *= p.red.count()
	}
	if s.mayStop() {
		count += empty * (1 + n)
	}
	return count
}

// RandomMove implements game.RandomMover: it draws an index among
// CountMoves and builds that move without listing the others.
func (s *State) RandomMove(r *rand.Rand) game.Move {
	p := &s.p
	if p.phase == phaseTake || p.phase == phaseCorner {
		var buf [128]game.Move
		moves := s.Moves(buf[:0])
		return moves[r.IntN(len(moves))]
	}
	to, n := s.pushes()
	empty := s.emptyHoles()
	i := r.IntN(s.CountMoves())
	if p.phase == phaseInterrupt {
		if i == 0 {
			return passMove
		}
		i--
	} else {
		reds := empty.count() * n
		if p.pool() == 0 {
			reds *= p.red.count()
		}
		if i < reds {
			sq, c := empty.nth(i/n%empty.count()), to[i%n]
			if p.pool() > 0 {
				return placeMove(kindPlace, sq, c)
			}
			return relocateMove(p.red.nth(i/n/empty.count()), sq, c)
		}
		i -= reds
	}
	sq := empty.nth(i / (1 + n))
	if j := i % (1 + n); j > 0 {
		return placeMove(kindStop, sq, to[j-1])
	}
	return placeMove(kindStop, sq, noCorner)
}
