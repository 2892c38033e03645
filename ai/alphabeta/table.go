package alphabeta

import "github.com/plateau-games/plateau/game"

// Bounds stored with a table entry.
const (
	boundNone uint8 = iota
	boundExact
	boundLower // the score is at least this (a beta cut-off)
	boundUpper // the score is at most this (no move raised alpha)
)

// entry is one transposition-table slot, replaced always: the simplest
// scheme, and good enough with iterative deepening.
type entry struct {
	key     uint64
	move    game.Move
	score   int32
	depth   int16
	bound   uint8
	hasMove bool
}

// table is a transposition table of a power-of-two size.
type table struct {
	slots []entry
	mask  uint64
}

func newTable(bits int) *table {
	return &table{slots: make([]entry, 1<<bits), mask: 1<<bits - 1}
}

func (t *table) probe(key uint64) *entry {
	e := &t.slots[key&t.mask]
	if e.bound == boundNone || e.key != key {
		return nil
	}
	return e
}

func (t *table) store(key uint64, depth, score, ply int, bound uint8, move game.Move, hasMove bool) {
	t.slots[key&t.mask] = entry{key: key, move: move, score: int32(toTable(score, ply)),
		depth: int16(depth), bound: bound, hasMove: hasMove}
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
