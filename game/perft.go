package game

// Perft counts the move sequences of length depth from s, with bulk
// counting at the last ply. s is left unchanged; repetition is not
// counted, as the spec requires.
func Perft(s State, depth int) uint64 {
	return perft(s, depth, true)
}

// PerftNoBulk is Perft without bulk counting: every leaf is played and
// undone. It exists to measure the cost of Play and Undo.
func PerftNoBulk(s State, depth int) uint64 {
	return perft(s, depth, false)
}

func perft(s State, depth int, bulk bool) uint64 {
	if depth <= 0 {
		return 1
	}
	c := s.Clone()
	if rs, ok := c.(RepetitionSwitch); ok {
		rs.SetRepetition(false)
	}
	bufs := make([][]Move, depth+1)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 256)
	}
	counter, _ := c.(MoveCounter)
	return perftRec(c, depth, bulk, counter, bufs)
}

func perftRec(s State, depth int, bulk bool, counter MoveCounter, bufs [][]Move) uint64 {
	if depth == 1 && bulk && counter != nil {
		return uint64(counter.CountMoves())
	}
	moves := s.Moves(bufs[depth][:0])
	bufs[depth] = moves
	if depth == 1 && bulk {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		s.Play(m)
		if depth == 1 {
			n++
		} else {
			n += perftRec(s, depth-1, bulk, counter, bufs)
		}
		s.Undo()
	}
	return n
}

// Divide returns the perft count below each legal move of s, keyed by the
// move's canonical string; it is the tool for finding a perft bug.
func Divide(s State, depth int) map[string]uint64 {
	out := map[string]uint64{}
	c := s.Clone()
	if rs, ok := c.(RepetitionSwitch); ok {
		rs.SetRepetition(false)
	}
	for _, m := range c.Moves(nil) {
		key := c.FormatMove(m)
		c.Play(m)
		out[key] = Perft(c, depth-1)
		c.Undo()
	}
	return out
}
