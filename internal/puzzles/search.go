package puzzles

import (
	"github.com/plateau-games/plateau/game"
)

// forced is an exhaustive AND-OR search: does player p force a win
// within plies decisions, whoever acts at each one? It knows games only
// through game.State, so it needs no alternation (an Abraxas replay is
// two decisions of one player). nodes counts the positions visited;
// past limit (when limit > 0) the search gives up and says so.
type forced struct {
	s     game.State
	p     game.Player
	nodes int64
	limit int64
	over  bool
	bufs  [][]game.Move
	// strategy, when set, is the only moves p tries: its move where it
	// has one, else a move that wins at once (see strategic).
	strategy map[uint64]string
}

func newForced(s game.State, plies int, limit int64) *forced {
	return &forced{s: s, p: s.ToAct(), limit: limit, bufs: make([][]game.Move, plies+1)}
}

// win reports whether f.p forces a win from f.s within plies decisions.
func (f *forced) win(plies int) bool {
	s := f.s
	if r := s.Result(); r != game.Ongoing {
		w, ok := r.Winner()
		return ok && w == f.p
	}
	if plies == 0 {
		return false
	}
	f.nodes++
	if f.limit > 0 && f.nodes > f.limit {
		f.over = true
		return false
	}
	mine := s.ToAct() == f.p
	if mine && f.strategy != nil {
		return f.strategic(plies)
	}
	moves := s.Moves(f.bufs[plies][:0])
	f.bufs[plies] = moves
	for i := 0; i < len(moves); i++ {
		m := f.bufs[plies][i]
		s.Play(m)
		w := f.win(plies - 1)
		s.Undo()
		if f.over {
			return false
		}
		if w == mine { // a winning move of p, or a refutation by the opponent
			return mine
		}
	}
	return !mine
}

// winsWithin returns the moves of s after which the player to act forces
// a win within plies decisions in all (the move itself counted), and
// false when the node limit ran out first (limit <= 0: no limit). s is
// left unchanged.
func winsWithin(s game.State, plies int, limit int64) ([]game.Move, bool) {
	c := s.Clone()
	f := newForced(c, plies, limit)
	var out []game.Move
	for _, m := range c.Moves(nil) {
		c.Play(m)
		w := f.win(plies - 1)
		c.Undo()
		if f.over {
			return nil, false
		}
		if w {
			out = append(out, m)
		}
	}
	return out, true
}
