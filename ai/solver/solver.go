package solver

import (
	"context"
	"slices"
	"time"

	"github.com/plateau-games/plateau/game"
)

// Value is a solved value for the player to act at the root.
type Value int8

// The values; Unknown when the budget ran out first.
const (
	Unknown Value = iota
	Loss
	Draw
	Win
)

// String returns "unknown", "loss", "draw" or "win".
func (v Value) String() string {
	return [...]string{"unknown", "loss", "draw", "win"}[v]
}

// Limits bound one solve; a zero field means no bound on that measure.
type Limits struct {
	Nodes int64
	Time  time.Duration
}

// Result is what Solve proved.
type Result struct {
	Value Value
	Best  game.Move // a move that reaches Value; meaningless when Unknown
	// Plies is the length of the proven line to the end of the game, the
	// best moves followed through the table, or 0 when the line could not
	// be followed (a path-dependent value); the winner's moves are winning
	// moves, not always the quickest.
	Plies   int
	Nodes   int64
	Elapsed time.Duration
}

const (
	maxPly     = 512
	checkEvery = 1023
)

// Solver holds a transposition table that keeps its entries from one
// solve to the next: they are exact values, true for any history. A
// Solver is not safe for concurrent use.
type Solver struct {
	tt       *table
	s        game.State
	ctx      context.Context
	deadline time.Time
	limit    int64
	nodes    int64
	stopped  bool
	repeats  bool // the game draws on repetition: draws are path-dependent

	rootPlayer game.Player
	optimistic bool // capValue favours the root's player
	capped     bool // the search met the depth cap
	bufs       [maxPly][]game.Move
	keys       [maxPly][]int
}

// New returns a solver with a table of 2^bits entries (16 to 26; out of
// range, 20).
func New(bits int) *Solver {
	if bits < 16 || bits > 26 {
		bits = 20
	}
	return &Solver{tt: newTable(bits)}
}

// Solve proves the result of s for its player to act within lim and ctx;
// s is left unchanged. A finished position is returned as solved with
// no move.
func (sv *Solver) Solve(ctx context.Context, s game.State, lim Limits) Result {
	start := time.Now()
	if r := s.Result(); r != game.Ongoing {
		return Result{Value: valueOf(terminal(r, s.ToAct())), Elapsed: time.Since(start)}
	}
	sv.s, sv.ctx, sv.limit, sv.nodes, sv.stopped = s.Clone(), ctx, lim.Nodes, 0, false
	_, sv.repeats = s.(game.RepetitionSwitch)
	sv.deadline = time.Time{}
	if lim.Time > 0 {
		sv.deadline = start.Add(lim.Time)
	}
	sv.rootPlayer = s.ToAct()
	v, best, ok := sv.root()
	res := Result{Nodes: sv.nodes}
	if ok {
		res.Value, res.Best = valueOf(v), best
		res.Plies = sv.line(best)
	}
	res.Elapsed = time.Since(start)
	sv.s, sv.ctx = nil, nil
	return res
}

// root proves the value by null-window searches, which cut more than a
// full window: can the player to act win; if not, can it draw. A search
// that met the depth cap (capValue) proves only its pessimistic bound;
// the other bound then needs an optimistic search.
func (sv *Solver) root() (int, game.Move, bool) {
	v, best, _ := sv.bounded(0, 1, false)
	if sv.stopped || v >= 1 {
		return v, best, !sv.stopped
	}
	if sv.capped {
		if w, _, _ := sv.bounded(0, 1, true); sv.stopped || w >= 1 {
			return 0, 0, false
		}
	}
	v, best, _ = sv.bounded(-1, 0, false)
	if sv.stopped || v >= 0 {
		return v, best, !sv.stopped
	}
	if sv.capped {
		if w, _, _ := sv.bounded(-1, 0, true); sv.stopped || w >= 0 {
			return 0, 0, false
		}
	}
	return v, best, true
}

// bounded runs one root search, pessimistic or optimistic at the cap.
func (sv *Solver) bounded(alpha, beta int, optimistic bool) (int, game.Move, bool) {
	sv.optimistic, sv.capped = optimistic, false
	return sv.search(alpha, beta, 0)
}

func valueOf(v int) Value { return Value(v + 2) }

// terminal scores a finished game for the player to act: 1, 0 or -1.
func terminal(r game.Result, toAct game.Player) int {
	w, ok := r.Winner()
	switch {
	case !ok:
		return 0
	case w == toAct:
		return 1
	}
	return -1
}

// stop reports whether the budget, the clock or the context ended.
func (sv *Solver) stop() bool {
	if sv.stopped {
		return true
	}
	if sv.limit > 0 && sv.nodes >= sv.limit {
		sv.stopped = true
	} else if (sv.nodes-1)&checkEvery == 0 {
		sv.stopped = sv.ctx.Err() != nil || (!sv.deadline.IsZero() && time.Now().After(sv.deadline))
	}
	return sv.stopped
}

// line follows the table's best moves from the root after best and
// returns the number of plies to the end, or 0 when the budget ran out
// on the way.
func (sv *Solver) line(best game.Move) int {
	s := sv.s
	n := 0
	defer func() {
		for ; n > 0; n-- {
			s.Undo()
		}
	}()
	m := best
	for n < maxPly {
		s.Play(m)
		n++
		if s.Result() != game.Ongoing {
			return n
		}
		e := sv.tt.probe(s.Hash())
		if e != nil && e.lo == e.hi && slices.Contains(s.Moves(nil), e.move) {
			m = e.move
			continue
		}
		// The entry was replaced, or holds only a bound: search again,
		// mostly from the table.
		_, mv, _ := sv.search(-1, 1, n)
		if sv.stopped || !slices.Contains(s.Moves(nil), mv) {
			return 0
		}
		m = mv
	}
	return 0
}
