package oshi

import "github.com/plateau-games/plateau/game"

// undo holds what Play changed: a move touches one file or rank only, so
// the nine cells of that line before the move restore the board.
type undo struct {
	move   game.Move
	line   [size]uint8
	imp    [maxImpasse]entry
	nimp   int
	score  [2]int
	passes int
	irrev  int
	hash   uint64
	result game.Result
	reason reason
}

// lineOf returns the first square and the stride of the file or rank
// a move runs along, and the mover's index on it.
func lineOf(from, dir int) (first, stride, idx int) {
	if dir == north || dir == south {
		return from % size, size, from / size
	}
	return from - from%size, 1, from % size
}

// stepOf is the index step along a line for a direction.
func stepOf(dir int) int {
	if dir == south || dir == west {
		return -1
	}
	return 1
}

// slide plays the steps of a move on one line: cells in line order, the
// mover at idx going step (+1 or -1) for dist steps. orig follows every
// piece back to its index before the move (-1 for none). It returns the
// value each owner lost off the board. The move must be legal.
func slide(cells *[size]uint8, orig *[size]int8, idx, step, dist int) (lost [2]int) {
	cur := idx
	for k := 0; k < dist; k++ {
		next := cur + step
		if cells[next] != 0 {
			end := next
			for e := end + step; e >= 0 && e < size && cells[e] != 0; e += step {
				end = e
			}
			if end+step < 0 || end+step >= size {
				lost[ownerOf(cells[end])] += tierOf(cells[end])
				cells[end], orig[end] = 0, -1
				end -= step
			}
			for i := end; i != cur; i -= step {
				cells[i+step], orig[i+step] = cells[i], orig[i]
			}
		}
		cells[next], orig[next] = cells[cur], orig[cur]
		cells[cur], orig[cur] = 0, -1
		cur = next
	}
	return lost
}

// Play implements game.State.
func (s *State) Play(m game.Move) {
	u := undo{move: m, imp: s.imp, nimp: s.nimp, score: s.score, passes: s.passes,
		irrev: s.irrev, hash: s.hash, result: s.result, reason: s.reason}
	for _, e := range s.imp[:s.nimp] {
		s.hash ^= impasseKey(e)
	}
	s.nimp = 0
	if m == passMove {
		s.passes++
	} else {
		s.passes = 0
		u.line = s.playSteps(m)
	}
	s.side ^= 1
	s.hash ^= sideKey
	s.hist = append(s.hist, u)
	if s.score != u.score {
		s.irrev = len(s.hashes)
	}
	s.hashes = append(s.hashes, s.hash)
	s.settle()
}

// playSteps moves the pieces of a non-pass move, scores what falls off
// and records the impasse entries; it returns the line before the move.
func (s *State) playSteps(m game.Move) (before [size]uint8) {
	from, dir := moveFrom(m), moveDir(m)
	first, stride, idx := lineOf(from, dir)
	var orig [size]int8
	for i := range before {
		before[i] = s.board[first+i*stride]
		orig[i] = int8(i)
	}
	cells := before
	step := stepOf(dir)
	lost := slide(&cells, &orig, idx, step, moveDist(m))
	s.score[0] += lost[1]
	s.score[1] += lost[0]
	opp := s.side ^ 1
	lo, hi := changed(idx, step)
	for i := lo; i <= hi; i++ {
		p := cells[i]
		if p != before[i] {
			s.put(first+i*stride, p)
		}
		// Index order along a line is byte order of the square names.
		if p != 0 && ownerOf(p) == opp && int(orig[i]) != i {
			e := entry{int8(first + i*stride), int8(first + int(orig[i])*stride)}
			s.imp[s.nimp] = e
			s.nimp++
			s.hash ^= impasseKey(e)
		}
	}
	return before
}

// changed returns the index range of a line that a move from idx going
// step can change: the mover's square and everything ahead of it.
func changed(idx, step int) (lo, hi int) {
	if step > 0 {
		return idx, size - 1
	}
	return 0, idx
}

// Undo implements game.State.
func (s *State) Undo() {
	if len(s.hist) == 0 {
		panic("oshi: Undo with no move to take back")
	}
	u := &s.hist[len(s.hist)-1]
	if u.move != passMove {
		dir := moveDir(u.move)
		first, stride, idx := lineOf(moveFrom(u.move), dir)
		lo, hi := changed(idx, stepOf(dir))
		for i := lo; i <= hi; i++ {
			s.put(first+i*stride, u.line[i])
		}
	}
	s.side ^= 1
	s.imp, s.nimp, s.score, s.passes = u.imp, u.nimp, u.score, u.passes
	s.irrev, s.hash, s.result, s.reason = u.irrev, u.hash, u.result, u.reason
	s.hist = s.hist[:len(s.hist)-1]
	s.hashes = s.hashes[:len(s.hashes)-1]
}

// reason says why a game ended; a small code rather than a string keeps
// undo records free of pointers, which the garbage collector then skips.
type reason uint8

const (
	ongoing reason = iota
	sevenPoints
	bothSeven
	twoPasses
	thirdRepetition
)

var reasons = [...]string{
	ongoing:         "",
	sevenPoints:     "seven points",
	bothSeven:       "both reached seven points; the mover loses",
	twoPasses:       "two passes in a row",
	thirdRepetition: "third repetition",
}

// settle decides whether the game is over in the current position.
func (s *State) settle() {
	s.result, s.reason = game.Ongoing, ongoing
	switch {
	case s.score[0] >= winScore && s.score[1] >= winScore:
		// Only one move can bring both to seven: the previous one, whose
		// mover loses.
		s.result, s.reason = game.Win(game.Player(s.side)), bothSeven
	case s.score[0] >= winScore:
		s.result, s.reason = game.FirstWins, sevenPoints
	case s.score[1] >= winScore:
		s.result, s.reason = game.SecondWins, sevenPoints
	case s.passes >= 2:
		s.result, s.reason = game.Draw, twoPasses
	case !s.noRep && s.repeated():
		s.result, s.reason = game.Draw, thirdRepetition
	}
}

// repeated reports whether the current position occurs for the third
// time. Positions before the last capture differ in score, and those with
// the other side to act differ in side, so only every second one since
// the last capture is compared.
func (s *State) repeated() bool {
	n := 0
	for i := len(s.hashes) - 1; i >= s.irrev; i -= 2 {
		if s.hashes[i] == s.hash {
			n++
		}
	}
	return n >= 3
}

// SetRepetition implements game.RepetitionSwitch.
func (s *State) SetRepetition(on bool) {
	s.noRep = !on
	s.settle()
}

// ToAct implements game.State.
func (s *State) ToAct() game.Player { return game.Player(s.side) }

// Result implements game.State.
func (s *State) Result() game.Result { return s.result }

// Reason implements game.State.
func (s *State) Reason() string { return reasons[s.reason] }

// Hash implements game.State.
func (s *State) Hash() uint64 { return s.hash }

// Scores implements game.State: the points of red and white.
func (s *State) Scores() [2]int { return s.score }

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	c.hist = append([]undo(nil), s.hist...)
	c.hashes = append([]uint64(nil), s.hashes...)
	return &c
}
