package solver

import "github.com/plateau-games/plateau/game"

// pnInf is an infinite proof or disproof number; sums saturate at it.
const pnInf = uint32(1<<31 - 1)

// pnEntry is one slot of the proof-number table: the proof and
// disproof numbers of a position for the attacker of the solve.
type pnEntry struct {
	key    uint64
	move   game.Move // the proving child's move, when proved
	pn, dn uint32
	work   uint32 // nodes spent under it: the replacement keeps the larger
	depth  uint16 // proved: plies to the end of the longest proved line
	dirty  bool   // disproved with the help of a repetition: path-dependent
	used   bool
}

// pnTable is a two-way bucketed table: a new position replaces the slot
// of its bucket that cost less work.
type pnTable struct {
	slots []pnEntry
	shift uint
}

func newPNTable(bits int) *pnTable {
	return &pnTable{slots: make([]pnEntry, 1<<bits), shift: uint(64 - bits)}
}

func (t *pnTable) bucket(key uint64) uint64 {
	return ((key * 0x9E3779B97F4A7C15) >> t.shift) &^ 1
}

func (t *pnTable) probe(key uint64) *pnEntry {
	b := t.bucket(key)
	for i := b; i < b+2; i++ {
		if e := &t.slots[i]; e.used && e.key == key {
			return e
		}
	}
	return nil
}

// put returns the slot for key, its own or a replaced one.
func (t *pnTable) put(key uint64) *pnEntry {
	b := t.bucket(key)
	e0, e1 := &t.slots[b], &t.slots[b+1]
	switch {
	case e0.used && e0.key == key:
		return e0
	case e1.used && e1.key == key:
		return e1
	case !e0.used || (e1.used && e0.work <= e1.work):
		*e0 = pnEntry{key: key, used: true}
		return e0
	}
	*e1 = pnEntry{key: key, used: true}
	return e1
}

func (t *pnTable) clear() { clear(t.slots) }

func satAdd(a, b uint32) uint32 {
	if s := uint64(a) + uint64(b); s < uint64(pnInf) {
		return uint32(s)
	}
	return pnInf
}
