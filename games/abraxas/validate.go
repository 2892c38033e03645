package abraxas

import "fmt"

// check returns what makes a syntactically good position impossible,
// or "". Each problem names the field it is found in.
func (s *State) check() string {
	p := &s.p
	if p.corner == noCorner {
		return s.checkCornerPhase()
	}
	if p.phase == phaseCorner {
		return fmt.Sprintf("field 4 (phase) corner, but field 2 (corner) %s is already chosen", cornerNames[p.corner])
	}
	if out := p.red.or(p.stop).andNot(plateAt[p.corner]); !out.empty() {
		return fmt.Sprintf("board: pawn on %s is outside the plate at field 2 (corner) %s",
			squareName(out.first()), cornerNames[p.corner])
	}
	if n := p.red.count(); n+int(p.taken[0])+int(p.taken[1]) > poolSize {
		return fmt.Sprintf("board and field 5 (pawns taken): %d red pawns on the plate and %d-%d taken make more than %d",
			n, p.taken[0], p.taken[1], poolSize)
	}
	if placed, want := p.stop.count(), 2*stopsEach-int(p.stops[0])-int(p.stops[1]); placed != want {
		return fmt.Sprintf("field 6 (stop pawns in hand) %d-%d does not match the %d stop pawns on the board (want %d placed)",
			p.stops[0], p.stops[1], placed, want)
	}
	if p.taken[0] >= winTaken && p.taken[1] >= winTaken {
		return fmt.Sprintf("field 5 (pawns taken) %d-%d: both players cannot have %d", p.taken[0], p.taken[1], winTaken)
	}
	return s.checkPhase()
}

// checkCornerPhase: before the corner is chosen nothing has happened.
func (s *State) checkCornerPhase() string {
	p := &s.p
	switch {
	case p.phase != phaseCorner:
		return fmt.Sprintf("field 2 (corner) is -, but field 4 (phase) %s needs a corner", phaseNames[p.phase])
	case !p.red.or(p.stop).empty():
		return "board has pawns, but field 2 (corner) says no plate corner is chosen yet"
	case p.taken != [2]int8{}:
		return "field 5 (pawns taken) must be 0-0 in the corner phase"
	case p.stops != [2]int8{stopsEach, stopsEach}:
		return "field 6 (stop pawns in hand) must be 3-3 in the corner phase"
	case p.toAct != 1:
		return "field 3 (player to act) must be 2 in the corner phase: player 2 chooses the corner"
	case p.flags != 0:
		return "field 7 (flags) must be - in the corner phase"
	}
	return ""
}

// checkPhase: the phase and flags must fit the board and the counters.
func (s *State) checkPhase() string {
	p := &s.p
	me, other := p.toAct, 1-p.toAct
	line := s.hasLine()
	phase := phaseNames[p.phase]
	switch {
	case p.phase == phaseTake && !line && p.taken[me] < winTaken:
		return "field 4 (phase) take, but the board has no line to take from (and player to act has not won)"
	case p.phase != phaseTake && line:
		return fmt.Sprintf("field 4 (phase) %s, but the board has a line (want take)", phase)
	case p.phase == phaseInterrupt && p.stops[me] == 0:
		return fmt.Sprintf("field 4 (phase) interrupt, but player %d has no stop pawn in hand (field 6)", me+1)
	case p.phase == phaseInterrupt && p.taken[other] == 0:
		return fmt.Sprintf("field 4 (phase) interrupt, but player %d has taken nothing to replay for (field 5)", other+1)
	}
	return s.checkFlags()
}

// checkFlags: each flag belongs to a phase and follows what it says
// happened.
func (s *State) checkFlags() string {
	p := &s.p
	me, other := p.toAct, 1-p.toAct
	phase := phaseNames[p.phase]
	n, st, r := p.flags&flagNoStop != 0, p.flags&flagAfterStop != 0, p.flags&flagReplay != 0
	// The replaying player: the one to act, unless the takes follow a
	// stop turn that interrupted the replay.
	replayer := me
	if st {
		replayer = other
	}
	switch {
	case n && p.phase != phasePlay:
		return fmt.Sprintf("field 7 (flags) n belongs to the play phase, not %s", phase)
	case st && p.phase != phaseTake:
		return fmt.Sprintf("field 7 (flags) s belongs to the take phase, not %s", phase)
	case r && p.phase != phasePlay && p.phase != phaseTake:
		return fmt.Sprintf("field 7 (flags) r belongs to the play and take phases, not %s", phase)
	case n && p.stops[other] == stopsEach:
		return fmt.Sprintf("field 7 (flags) n answers a stop turn, but player %d has placed no stop pawn", other+1)
	case st && p.stops[me] == stopsEach:
		return fmt.Sprintf("field 7 (flags) s follows a stop turn, but player %d has placed no stop pawn", me+1)
	case r && p.taken[replayer] == 0:
		return fmt.Sprintf("field 7 (flags) r: player %d replays, but has taken nothing to replay for (field 5)", replayer+1)
	}
	return ""
}
