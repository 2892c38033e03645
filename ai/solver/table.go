package solver

import "github.com/plateau-games/plateau/game"

// entry is one table slot: the value of a position lies in [lo, hi], for
// its player to act.
type entry struct {
	key     uint64
	move    game.Move
	lo, hi  int8
	hasMove bool
}

// cut returns the value when the bounds settle a search in (alpha, beta).
func (e *entry) cut(alpha, beta int) (int, bool) {
	switch {
	case e.lo == e.hi:
		return int(e.lo), true
	case int(e.lo) >= beta:
		return int(e.lo), true
	case int(e.hi) <= alpha:
		return int(e.hi), true
	}
	return 0, false
}

// lowerFor returns a lower bound of the entry's value for the parent
// that moved into it: sign is 1 when the same player acts again, -1
// otherwise.
func (e *entry) lowerFor(sign int) int {
	if sign == 1 {
		return int(e.lo)
	}
	return -int(e.hi)
}

// table is a transposition table of a power-of-two size, replaced always
// except that an entry for the same position narrows its bounds.
type table struct {
	slots []entry
	shift uint
}

func newTable(bits int) *table {
	return &table{slots: make([]entry, 1<<bits), shift: uint(64 - bits)}
}

func (t *table) probe(key uint64) *entry {
	e := &t.slots[t.slot(key)]
	if e.key != key || !e.hasMove {
		return nil
	}
	return e
}

// store records the result v of a search in (alpha, beta).
func (t *table) store(key uint64, v, alpha, beta int, m game.Move) {
	lo, hi := -1, 1
	switch {
	case v <= alpha:
		hi = v
	case v >= beta:
		lo = v
	default:
		lo, hi = v, v
	}
	e := &t.slots[t.slot(key)]
	if e.key == key && e.hasMove {
		lo, hi = max(lo, int(e.lo)), min(hi, int(e.hi))
		if v <= alpha && e.hasMove {
			m = e.move // a fail-low's move is no better than the one known
		}
	}
	*e = entry{key: key, move: m, lo: int8(lo), hi: int8(hi), hasMove: true}
}

// slot mixes the key before taking its top bits, so that a game's weak
// low hash bits do not crowd a few slots.
func (t *table) slot(key uint64) uint64 {
	return (key * 0x9E3779B97F4A7C15) >> t.shift
}
