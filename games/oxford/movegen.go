package oxford

import (
	"math/rand/v2"

	"github.com/plateau-games/plateau/game"
)

// walker finds where one piece can go. Forward steps never return to a
// rank, and within a rank a path cannot turn back without revisiting a
// square, so a simple path is fully described by where it is and whether
// its last step was forward (or none), left or right. walk follows the
// three sets of such states step by step as bitboards: the cost is a few
// word operations per step, whatever the number of paths, and several
// paths to one square merge by construction.
type walker struct {
	p       game.Player
	empty   uint64 // field squares a path may pass through
	target  uint64 // field squares a path may end on: empty or opponent
	entry   uint64 // opponent base squares a path may enter; 0 when entry is not allowed
	dests   uint64
	entries uint64
}

// walk sets dests and entries for a piece on the one-bit set sq that
// must move n steps. Stepping into the opponent's base ends a move at any
// step, so entries are collected at every step.
func (w *walker) walk(sq uint64, n int) {
	fwd, left, right := sq, uint64(0), uint64(0)
	w.dests, w.entries = 0, 0
	for step := 1; ; step++ {
		f := forward(fwd|left|right, w.p)
		w.entries |= f & w.entry
		f &= fieldMask
		l := (fwd | left) >> 1 &^ lastFile
		r := (fwd | right) << 1 &^ firstFile
		if step == n {
			w.dests = (f | l | r) & w.target
			return
		}
		fwd, left, right = f&w.empty, l&w.empty, r&w.empty
		if fwd|left|right == 0 {
			return
		}
	}
}

// reach is where one piece in play can go.
type reach struct {
	from    int
	dests   uint64 // field squares: field moves
	entries uint64 // opponent base squares: base entries
}

// reaches fills out with the reach of each of p's pieces in play, ordered
// by square, and returns how many there are.
func (s *State) reaches(p game.Player, out *[maxInPlay]reach) int {
	occ := s.occupied()
	w := walker{p: p, empty: fieldMask &^ occ, target: fieldMask &^ s.own(p)}
	if !s.beginner && s.lost(p) >= 1 && popcount(baseMask[p]&^occ) >= 2 {
		w.entry = baseMask[p.Other()] &^ occ
	}
	dist := [2]int{popcount(s.bb[p][faceO] & fieldMask), popcount(s.bb[p][faceX] & fieldMask)}
	k := 0
	for b := s.own(p) & fieldMask; b != 0 && k < maxInPlay; b &= b - 1 {
		sq := b & -b
		w.walk(sq, dist[s.faceAt(p, sq)])
		out[k] = reach{from: lowSquare(sq), dests: w.dests, entries: w.entries}
		k++
	}
	return k
}

// exits returns the base squares of p's pieces that may step onto the field.
func (s *State) exits(p game.Player) uint64 {
	if s.inPlay(p) >= maxInPlay {
		return 0
	}
	own := s.own(p)
	var from uint64
	for b := own & baseMask[p]; b != 0; b &= b - 1 {
		sq := b & -b
		if forward(sq, p)&own == 0 {
			from |= sq
		}
	}
	return from
}

// homePairs is the number of ways to place the O and the X piece of a
// base entry on p's empty base squares.
func (s *State) homePairs(p game.Player) int {
	e := popcount(baseMask[p] &^ s.occupied())
	return e * (e - 1)
}

// Moves implements game.State.
func (s *State) Moves(dst []game.Move) []game.Move {
	if s.Result() != game.Ongoing {
		return dst
	}
	p := s.side
	var rs [maxInPlay]reach
	n := s.reaches(p, &rs)
	home := baseMask[p] &^ s.occupied()
	start := len(dst)
	for _, r := range rs[:n] {
		for b := r.dests; b != 0; b &= b - 1 {
			dst = append(dst, makeMove(r.from, lowSquare(b)))
		}
		for b := r.entries; b != 0; b &= b - 1 {
			dst = appendEntries(dst, r.from, lowSquare(b), home)
		}
	}
	for b := s.exits(p); b != 0; b &= b - 1 {
		sq := lowSquare(b)
		dst = append(dst, makeMove(sq, lowSquare(forward(1<<sq, p))))
	}
	if len(dst) == start {
		dst = append(dst, movePass)
	}
	return dst
}

// appendEntries appends one base entry per way to place the O and the X.
func appendEntries(dst []game.Move, from, to int, home uint64) []game.Move {
	for o := home; o != 0; o &= o - 1 {
		for x := home &^ (o & -o); x != 0; x &= x - 1 {
			dst = append(dst, makeEntry(from, to, lowSquare(o), lowSquare(x)))
		}
	}
	return dst
}

// CountMoves implements game.MoveCounter: base entries are counted by
// multiplication instead of being listed.
func (s *State) CountMoves() int {
	if s.Result() != game.Ongoing {
		return 0
	}
	n := s.countMoves(s.side)
	if n == 0 {
		return 1 // pass
	}
	return n
}

func (s *State) countMoves(p game.Player) int {
	var rs [maxInPlay]reach
	k := s.reaches(p, &rs)
	n, entries := popcount(s.exits(p)), 0
	for _, r := range rs[:k] {
		n += popcount(r.dests)
		entries += popcount(r.entries)
	}
	if entries > 0 {
		n += entries * s.homePairs(p)
	}
	return n
}

// RandomMove implements game.RandomMover: it draws an index into the move
// list that Moves would build and decodes it without building the list.
func (s *State) RandomMove(rng *rand.Rand) game.Move {
	p := s.side
	var rs [maxInPlay]reach
	k := s.reaches(p, &rs)
	pairs := s.homePairs(p)
	exits := s.exits(p)
	total := popcount(exits)
	for _, r := range rs[:k] {
		total += popcount(r.dests) + popcount(r.entries)*pairs
	}
	if total == 0 {
		return movePass
	}
	i := rng.IntN(total)
	for _, r := range rs[:k] {
		if n := popcount(r.dests); i < n {
			return makeMove(r.from, lowSquare(nthBit(r.dests, i)))
		} else {
			i -= n
		}
		if n := popcount(r.entries) * pairs; i < n {
			return s.nthEntry(r, i)
		} else {
			i -= n
		}
	}
	sq := lowSquare(nthBit(exits, i))
	return makeMove(sq, lowSquare(forward(1<<sq, p)))
}

// nthEntry decodes the i-th base entry of r in the order of appendEntries.
func (s *State) nthEntry(r reach, i int) game.Move {
	home := baseMask[s.side] &^ s.occupied()
	e := popcount(home)
	pairs := e * (e - 1)
	to := nthBit(r.entries, i/pairs)
	i %= pairs
	o := nthBit(home, i/(e-1))
	x := nthBit(home&^o, i%(e-1))
	return makeEntry(r.from, lowSquare(to), lowSquare(o), lowSquare(x))
}

// nthBit returns the i-th lowest set bit of b as a one-bit set.
func nthBit(b uint64, i int) uint64 {
	for ; i > 0; i-- {
		b &= b - 1
	}
	return b & -b
}
