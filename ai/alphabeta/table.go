package alphabeta

import (
	"sync/atomic"

	"github.com/plateau-games/plateau/game"
)

// Bounds stored with a table entry.
const (
	boundNone uint8 = iota
	boundExact
	boundLower // the score is at least this (a beta cut-off)
	boundUpper // the score is at most this (no move raised alpha)
)

// entry is one transposition-table record, replaced always: the simplest
// scheme, and good enough with iterative deepening.
type entry struct {
	move    game.Move
	score   int32
	depth   int16
	bound   uint8
	hasMove bool
}

// slot stores an entry as three words, each read and written atomically
// so that the threads of a parallel search (Lazy SMP) may share the
// table: check holds the key xor the two others, so that a slot torn by
// two writers (words from each) fails its check and reads as empty
// instead of giving one position another's move. One thread sees
// exactly what it stored, as before.
type slot struct {
	check, move, data atomic.Uint64
}

// table is a transposition table of a power-of-two size.
type table struct {
	slots []slot
	mask  uint64
}

func newTable(bits int) *table {
	return &table{slots: make([]slot, 1<<bits), mask: 1<<bits - 1}
}

func (t *table) probe(key uint64) (entry, bool) {
	sl := &t.slots[key&t.mask]
	move, data := sl.move.Load(), sl.data.Load()
	e := unpack(move, data)
	if e.bound == boundNone || sl.check.Load()^move^data != key {
		return entry{}, false
	}
	return e, true
}

func (t *table) store(key uint64, depth, score, ply int, bound uint8, move game.Move, hasMove bool) {
	e := entry{move: move, score: int32(toTable(score, ply)), depth: int16(depth), bound: bound, hasMove: hasMove}
	data := e.pack()
	sl := &t.slots[key&t.mask]
	sl.check.Store(key ^ uint64(move) ^ data)
	sl.move.Store(uint64(move))
	sl.data.Store(data)
}

// pack puts score, depth, bound and hasMove in one word.
func (e entry) pack() uint64 {
	var has uint64
	if e.hasMove {
		has = 1
	}
	return uint64(uint32(e.score)) | uint64(uint16(e.depth))<<32 | uint64(e.bound)<<48 | has<<56
}

func unpack(move, data uint64) entry {
	return entry{move: game.Move(move), score: int32(uint32(data)), depth: int16(uint16(data >> 32)),
		bound: uint8(data >> 48), hasMove: data>>56&1 == 1}
}

// toTable and fromTable make proven scores relative to the node, so that
// an entry reached at another ply keeps the right distance to the end.
func toTable(score, ply int) int {
	switch {
	case score > game.EvalWin:
		return score + ply
	case score < -game.EvalWin:
		return score - ply
	}
	return score
}

func fromTable(score, ply int) int {
	switch {
	case score > game.EvalWin:
		return score - ply
	case score < -game.EvalWin:
		return score + ply
	}
	return score
}
