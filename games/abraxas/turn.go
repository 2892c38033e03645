package abraxas

import "github.com/plateau-games/plateau/game"

// Move layout: bits 0-2 the kind; corner moves keep the corner in bits
// 3-5; placements, relocations and stops the target square in bits 3-9
// and the corner after the push in bits 10-12 (noCorner: no push), and
// relocations the square lifted from in bits 13-19; takes the number of
// pawns in bits 3-5 and the squares, ascending, 7 bits each from bit 6.
const (
	kindCorner = 1 + iota
	kindPlace
	kindRelocate
	kindStop
	kindTake
	kindPass
)

const passMove = game.Move(kindPass)

func moveKind(m game.Move) int { return int(m & 7) }
func moveTo(m game.Move) int   { return int(m >> 3 & 127) }
func movePush(m game.Move) int { return int(m >> 10 & 7) }
func moveFrom(m game.Move) int { return int(m >> 13 & 127) }

func cornerMove(c int) game.Move { return game.Move(kindCorner | c<<3) }

func placeMove(kind, to, push int) game.Move {
	return game.Move(kind | to<<3 | push<<10)
}

func relocateMove(from, to, push int) game.Move {
	return game.Move(kindRelocate | to<<3 | push<<10 | from<<13)
}

// takeSquares returns how many squares a take move holds, and the
// move's squares shifted so that the first is in the low 7 bits.
func takeSquares(m game.Move) (int, uint64) { return int(m >> 3 & 7), uint64(m >> 6) }

// Play implements game.State.
func (s *State) Play(m game.Move) {
	s.undo = append(s.undo, s.p)
	p := &s.p
	p.hash ^= p.meta()
	irreversible := s.apply(m)
	p.hash ^= p.meta()
	if irreversible {
		p.irrev = int32(len(s.hist))
	}
	s.hist = append(s.hist, p.hash)
	p.result = s.judge()
}

// apply makes the move on the fields and the pawn keys of the hash, and
// reports whether it can never be undone by later moves (anything but a
// relocation or a pass changes a counter for good).
func (s *State) apply(m game.Move) bool {
	p := &s.p
	me := p.toAct
	switch moveKind(m) {
	case kindCorner:
		p.corner, p.phase, p.toAct = int8(m>>3&3), phasePlay, 0
	case kindPlace:
		s.place(&p.red, &zobrist.red, moveTo(m))
		s.push(movePush(m))
		s.afterRedTurn()
	case kindRelocate:
		s.place(&p.red, &zobrist.red, moveFrom(m))
		s.place(&p.red, &zobrist.red, moveTo(m))
		s.push(movePush(m))
		s.afterRedTurn()
		return false
	case kindStop:
		s.place(&p.stop, &zobrist.stop, moveTo(m))
		p.stops[me]--
		s.push(movePush(m))
		s.afterStopTurn(movePush(m) != noCorner)
	case kindTake:
		n, sqs := takeSquares(m)
		for range n {
			s.place(&p.red, &zobrist.red, int(sqs&127))
			sqs >>= 7
		}
		p.taken[me] += int8(n)
		s.afterTake()
	case kindPass:
		p.phase, p.toAct = phasePlay, 1-me
		if s.once { // the replay the opponent declined to interrupt
			p.flags = flagReplay
		}
		return false
	}
	return true
}

// Undo implements game.State.
func (s *State) Undo() {
	s.p = s.undo[len(s.undo)-1]
	s.undo = s.undo[:len(s.undo)-1]
	s.hist = s.hist[:len(s.hist)-1]
}

// place toggles a pawn of one kind on a square (placing or lifting it).
func (s *State) place(set *bitset, keys *[nsq]uint64, sq int) {
	b := sqBit(sq)
	*set = bitset{set.lo ^ b.lo, set.hi ^ b.hi}
	s.p.hash ^= keys[sq-cornerOffset[s.p.corner]]
}

// push moves the plate, and every pawn with it, to corner c; noCorner
// leaves it where it is. Pawn keys follow the holes, so the hash only
// changes through the corner field.
func (s *State) push(c int) {
	p := &s.p
	if c == noCorner {
		return
	}
	d := cornerOffset[c] - cornerOffset[p.corner]
	p.red, p.stop = p.red.shift(d), p.stop.shift(d)
	p.corner = int8(c)
}

// afterRedTurn: a line means takes and then a replay (unless the turn
// was itself a replay under replay=once: its takes keep the flag r);
// otherwise the opponent's turn.
func (s *State) afterRedTurn() {
	p := &s.p
	replay := p.flags & flagReplay
	p.flags = 0
	if s.hasLine() {
		p.phase, p.flags = phaseTake, replay
		return
	}
	p.phase, p.toAct = phasePlay, 1-p.toAct
}

// afterStopTurn: takes without a replay, then the opponent answers and
// may not answer with a stop. Without a push no line can appear: a stop
// turn starts from a board without lines and a stop pawn only removes a
// red square. Under replay=once a stop turn that interrupts a replay
// passes the flag r on to it (the replay still comes, and earns no
// other); one played instead of a replay's red turn ends the replay.
func (s *State) afterStopTurn(pushed bool) {
	p := &s.p
	var replay int8
	if s.once && p.phase == phaseInterrupt {
		replay = flagReplay
	}
	if pushed && s.hasLine() {
		p.phase, p.flags = phaseTake, flagAfterStop|replay
		return
	}
	p.phase, p.toAct, p.flags = phasePlay, 1-p.toAct, flagNoStop|replay
}

// afterTake looks for lines again (a dot under a taken pawn stays red);
// when none is left, the turn ends as the kind of turn that made them
// says.
// A take that reaches 11 ends the game at once: the position keeps its
// phase (take), player to act and flags.
func (s *State) afterTake() {
	p := &s.p
	switch {
	case p.taken[p.toAct] >= winTaken, s.hasLine():
	case p.flags&flagAfterStop != 0:
		p.phase, p.toAct, p.flags = phasePlay, 1-p.toAct, flagNoStop|p.flags&flagReplay
	case p.flags&flagReplay != 0: // a replay's takes: no further replay
		p.phase, p.toAct, p.flags = phasePlay, 1-p.toAct, 0
	case p.stops[1-p.toAct] > 0:
		p.phase, p.toAct = phaseInterrupt, 1-p.toAct
	case s.once: // the opponent cannot interrupt: the replay at once
		p.phase, p.flags = phasePlay, flagReplay
	default:
		p.phase = phasePlay
	}
}
