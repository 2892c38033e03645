package cert

import (
	"fmt"
	"slices"

	"github.com/plateau-games/plateau/game"
)

// Stats says what a check visited.
type Stats struct {
	Positions int // distinct positions verified (with their last move)
	Plies     int // the longest line, from the certificate's position
}

// maxDepth bounds a line; the games end long before.
const maxDepth = 5000

// Check verifies c from start, the start position of c.Game (a fresh
// state: the certificate's moves are played on it). It returns an error
// wrapping ErrBad for the first fault found.
func Check(start game.State, c *Certificate) (Stats, error) {
	return checkWith(start, c, nil, nil)
}

// checkWith is Check; with record set, the strategy's moves used are
// appended to it in the order they are met; with learn set, they are
// stored there by position.
func checkWith(start game.State, c *Certificate, record *[]string, learn map[uint64]string) (Stats, error) {
	s, path, err := replay(start, c)
	if err != nil {
		return Stats{}, err
	}
	k := &checker{c: c, path: path, done: map[doneKey]bool{}, seq: c.Sequence != nil, record: record, learn: learn}
	err = k.check(s, "", 0)
	if err == nil && k.seq && k.next != len(c.Sequence) {
		err = fmt.Errorf("%w: %d moves of the sequence left unused", ErrBad, len(c.Sequence)-k.next)
	}
	return k.stats, err
}

// replay plays c's line from start and returns the position after it,
// with the positions before it (its path).
func replay(start game.State, c *Certificate) (game.State, map[uint64]bool, error) {
	s := start.Clone()
	path := map[uint64]bool{s.Hash(): true}
	for _, txt := range c.Moves {
		m, err := s.ParseMove(txt)
		if err != nil || !slices.Contains(s.Moves(nil), m) {
			return nil, nil, fmt.Errorf("%w: move %q of the line is not legal", ErrBad, txt)
		}
		s.Play(m)
		if path[s.Hash()] {
			return nil, nil, fmt.Errorf("%w: the line repeats a position", ErrBad)
		}
		path[s.Hash()] = true
	}
	delete(path, s.Hash())
	return s, path, nil
}

// Compact returns c with its strategy written as a Sequence: the
// winner's moves in the order Check meets the positions that need one,
// which needs no hashes and compresses well. c must pass Check; a c
// already compact is checked and returned as it is.
func Compact(start game.State, c *Certificate) (*Certificate, error) {
	if c.Sequence != nil {
		if _, err := Check(start, c); err != nil {
			return nil, err
		}
		return c, nil
	}
	rec := &Certificate{Game: c.Game, Moves: c.Moves, Winner: c.Winner, Strategy: c.Strategy}
	var seq []string
	if _, err := checkWith(start, rec, &seq, nil); err != nil {
		return nil, err
	}
	return &Certificate{Game: c.Game, Moves: c.Moves, Winner: c.Winner, Sequence: seq}, nil
}

// Merge returns one certificate that the winner of cs wins after line,
// made of certificates of positions one move after it (the loser's
// moves there, every one; or the winner's, one): their strategies joined
// position by position, the first certificate's move kept where two
// differ, then checked and compacted. It fails when cs do not all claim
// the same winner of the same game one move after line, or when the
// joined strategy does not pass Check.
func Merge(start game.State, line []string, cs []*Certificate) (*Certificate, error) {
	if len(cs) == 0 {
		return nil, fmt.Errorf("%w: nothing to merge", ErrBad)
	}
	joined := &Certificate{Game: cs[0].Game, Moves: line, Winner: cs[0].Winner, Strategy: map[uint64]string{}}
	for _, c := range cs {
		if c.Game != joined.Game || c.Winner != joined.Winner || len(c.Moves) != len(line)+1 || !slices.Equal(c.Moves[:len(line)], line) {
			return nil, fmt.Errorf("%w: a certificate after %v won by player %d, want one move after %v won by player %d", ErrBad, c.Moves, int(c.Winner)+1, line, int(joined.Winner)+1)
		}
		learnt, err := strategyOf(start, c)
		if err != nil {
			return nil, err
		}
		for h, m := range learnt {
			if _, ok := joined.Strategy[h]; !ok {
				joined.Strategy[h] = m
			}
		}
	}
	s, err := afterLine(start, line)
	if err != nil {
		return nil, err
	}
	if s.ToAct() == joined.Winner {
		joined.Strategy[s.Hash()] = cs[0].Moves[len(line)]
	}
	return Compact(start, joined)
}

// strategyOf checks c and returns its strategy as moves by position.
func strategyOf(start game.State, c *Certificate) (map[uint64]string, error) {
	learn := map[uint64]string{}
	if _, err := checkWith(start, c, nil, learn); err != nil {
		return nil, err
	}
	return learn, nil
}

// afterLine plays line from start.
func afterLine(start game.State, line []string) (game.State, error) {
	s, _, err := replay(start, &Certificate{Moves: line})
	return s, err
}

type doneKey struct {
	hash uint64
	last string
}

type checker struct {
	c      *Certificate
	path   map[uint64]bool
	done   map[doneKey]bool
	stats  Stats
	seq    bool              // the strategy is c.Sequence, read in order
	next   int               // the next move of the sequence
	record *[]string         // Compact: the moves used, in order
	learn  map[uint64]string // Merge: the strategy's moves by position
}

// check verifies the position s, reached by the move last.
func (k *checker) check(s game.State, last string, depth int) error {
	k.stats.Plies = max(k.stats.Plies, depth)
	if r := s.Result(); r != game.Ongoing {
		if w, ok := r.Winner(); ok && w == k.c.Winner {
			return nil
		}
		return fmt.Errorf("%w: a line ends without the winner's win at %q", ErrBad, s)
	}
	h := s.Hash()
	dk := doneKey{h, last}
	switch {
	case k.done[dk]:
		return nil
	case k.path[h]:
		return fmt.Errorf("%w: a line repeats the position %q", ErrBad, s)
	case depth >= maxDepth:
		return fmt.Errorf("%w: a line longer than %d plies", ErrBad, maxDepth)
	}
	moves, err := k.moves(s, h)
	if err != nil {
		return err
	}
	k.path[h] = true
	for _, m := range moves {
		txt := s.FormatMove(m)
		s.Play(m)
		err := k.check(s, txt, depth+1)
		s.Undo()
		if err != nil {
			return err
		}
	}
	delete(k.path, h)
	k.done[dk] = true
	k.stats.Positions++
	return nil
}

// moves returns the moves to try: the strategy's, which must be legal,
// where the winner acts; every legal move where the loser does.
func (k *checker) moves(s game.State, h uint64) ([]game.Move, error) {
	legal := s.Moves(nil)
	if s.ToAct() != k.c.Winner {
		return legal, nil
	}
	if m, ok := winNow(s, legal, k.c.Winner); ok && (k.seq || k.record != nil) {
		return []game.Move{m}, nil
	}
	txt, ok := k.c.Strategy[h]
	if k.seq {
		if ok = k.next < len(k.c.Sequence); ok {
			txt = k.c.Sequence[k.next]
			k.next++
		}
	}
	if !ok {
		if m, ok := winNow(s, legal, k.c.Winner); ok {
			return []game.Move{m}, nil
		}
		return nil, fmt.Errorf("%w: no move for the winner at %q", ErrBad, s)
	}
	if k.record != nil {
		*k.record = append(*k.record, txt)
	}
	if k.learn != nil {
		k.learn[h] = txt
	}
	m, err := s.ParseMove(txt)
	if err != nil || !slices.Contains(legal, m) {
		return nil, fmt.Errorf("%w: the move %q is not legal at %q", ErrBad, txt, s)
	}
	return []game.Move{m}, nil
}

// winNow returns the first legal move after which winner has won.
func winNow(s game.State, legal []game.Move, winner game.Player) (game.Move, bool) {
	for _, m := range legal {
		s.Play(m)
		w, ok := s.Result().Winner()
		s.Undo()
		if ok && w == winner {
			return m, true
		}
	}
	return 0, false
}
