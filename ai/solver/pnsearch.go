package solver

import "github.com/plateau-games/plateau/game"

// mid is df-pn's multiple iterative deepening at the current position of
// p.s (table key key, raw hash hash): it searches until the position's
// proof number reaches thpn or its disproof number thdn, stores them and
// returns them with the disproof's dirtiness.
func (p *Prover) mid(key, hash uint64, thpn, thdn uint32, ply int) (uint32, uint32, bool) {
	p.nodes++
	if p.stop() {
		return 1, 1, false
	}
	if ply >= maxPly-1 { // too long a line: not a win, path-dependent
		e := p.tt.put(key)
		e.pn, e.dn, e.dirty, e.depth = pnInf, 0, true, 0
		return pnInf, 0, true
	}
	start := p.nodes
	kids := p.expand(ply)
	or := p.s.ToAct() == p.attacker
	p.seen[hash]++
	var pn, dn uint32
	var dirty bool
	var best int
	for {
		var pn2, dn2 uint32
		pn, dn, dirty, best, pn2, dn2 = p.combine(kids, or)
		if pn >= thpn || dn >= thdn || pn == 0 || dn == 0 {
			break
		}
		cpn, cdn := p.childThresholds(kids[best], or, thpn, thdn, pn, dn, pn2, dn2)
		k := kids[best]
		p.s.Play(k.move)
		p.mid(k.key, k.hash, cpn, cdn, ply+1)
		p.s.Undo()
		if p.stopped || p.paused {
			pn, dn, dirty, best, _, _ = p.combine(kids, or)
			break
		}
	}
	p.seen[hash]--
	p.store(key, kids, best, pn, dn, dirty, uint32(min(p.nodes-start, int64(pnInf))))
	return pn, dn, dirty
}

// childThresholds gives the thresholds of the most proving child.
func (p *Prover) childThresholds(k kid, or bool, thpn, thdn, pn, dn, pn2, dn2 uint32) (uint32, uint32) {
	cpn, cdn, _ := p.numbers(k)
	if or {
		return min(thpn, satAdd(pn2, 1)), satAdd(thdn-dn, cdn)
	}
	return satAdd(thpn-pn, cpn), min(thdn, satAdd(dn2, 1))
}

// expand lists the children of the current position once per visit.
func (p *Prover) expand(ply int) []kid {
	s := p.s
	moves := s.Moves(p.moves[ply][:0])
	p.moves[ply] = moves
	kids := p.kids[ply][:0]
	forced := p.repeats && len(moves) == 1
	for _, m := range moves {
		s.Play(m)
		k := kid{move: m, hash: s.Hash()}
		k.key = k.hash ^ p.salt
		if forced {
			k.key ^= forcedSalt
		}
		if r := s.Result(); r != game.Ongoing {
			if w, ok := r.Winner(); ok && w == p.attacker {
				k.term = 1
			} else {
				k.term, k.dirty = -1, p.repeats && !ok
			}
		}
		s.Undo()
		kids = append(kids, k)
	}
	p.kids[ply] = kids
	return kids
}

// numbers returns a child's proof and disproof numbers and dirtiness: a
// finished game's, a repetition's (a dirty failure), the table's, or
// one and one for a position not searched yet.
func (p *Prover) numbers(k kid) (uint32, uint32, bool) {
	switch {
	case k.term == 1:
		return 0, pnInf, false
	case k.term == -1:
		return pnInf, 0, k.dirty
	case p.seen[k.hash] > 0:
		return pnInf, 0, true
	}
	if e := p.tt.probe(k.key); e != nil {
		return e.pn, e.dn, e.dirty
	}
	return 1, 1, false
}

// combine computes a node's numbers from its children: at the
// attacker's nodes (or) the proof number is the least of the children's
// and the disproof number their sum, the other way round at the
// defender's. It returns the index of the child to search (the least
// number) and the second least number, for the thresholds. A disproof
// is dirty when it needs a dirty child.
func (p *Prover) combine(kids []kid, or bool) (pn, dn uint32, dirty bool, best int, pn2, dn2 uint32) {
	least, second := pnInf, pnInf
	sum := uint32(0)
	anyDirty, cleanZero := false, false
	for i, k := range kids {
		cpn, cdn, d := p.numbers(k)
		x, y := cpn, cdn // x is minimised, y summed
		if !or {
			x, y = cdn, cpn
		}
		if x < least || (x == least && x == 0 && !d && !cleanZero) {
			second = min(second, least)
			least, best = x, i
		} else if x < second {
			second = x
		}
		sum = satAdd(sum, y)
		anyDirty = anyDirty || d
		cleanZero = cleanZero || (x == 0 && !d)
	}
	if or {
		return least, sum, anyDirty, best, second, 0
	}
	return sum, least, !cleanZero, best, 0, second
}

// store records a node's numbers; a proved node keeps its proving move
// and the length of its longest proved line, a disproved defender node
// its refuting move.
func (p *Prover) store(key uint64, kids []kid, best int, pn, dn uint32, dirty bool, work uint32) {
	e := p.tt.put(key)
	e.pn, e.dn, e.dirty = pn, dn, dirty && dn == 0
	e.work = satAdd(e.work, work)
	e.move, e.depth = kids[best].move, 0
	if pn != 0 {
		return
	}
	or := p.s.ToAct() == p.attacker
	depth := 0
	for i, k := range kids {
		if or && i != best {
			continue
		}
		d := 0
		if k.term == 0 {
			if c := p.tt.probe(k.key); c != nil {
				d = int(c.depth)
			}
		}
		depth = max(depth, d+1)
	}
	e.depth = uint16(min(depth, 1<<16-1))
}
