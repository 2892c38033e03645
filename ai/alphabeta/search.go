package alphabeta

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

const (
	maxPly          = 128
	infinity        = ai.MateScore + 1000
	defaultTTBits   = 18
	defaultMaxDepth = 64
	checkEvery      = 1023 // nodes between two looks at the clock
)

// Config tunes a Searcher. With no limit at all the search deepens until
// its context ends or the position is solved.
type Config struct {
	Limits ai.Limits
	TTBits int // log2 of the transposition table's slots; 0 means 18
	// MultiPV, above 1, finds that many best root moves at every depth,
	// each with its score and line (ai.Info.MultiPV): the root is searched
	// again without the moves already found, which costs about MultiPV
	// times one search.
	MultiPV int
	// Threads, above 1, searches with that many threads sharing the
	// table (Lazy SMP): helpers search the same root one ply deeper than
	// the main thread (or at its depth, every other helper), and their
	// entries guide and shorten it. The deepest completed iteration, the
	// main thread's or a helper's, makes the result, which then depends
	// on timing; with one thread a search under a node limit repeats
	// exactly.
	Threads int
	// Weights, when set, replace the weights of the evaluation at the
	// leaves of states that are game.Featurers (one weight a feature):
	// a leaf scores the sum of Weights[i]*Features[i], rounded. Other
	// states keep their Evaluate.
	Weights []float64
	// Value, when set, scores the leaves of states that are
	// game.Featurers from their features instead (a learned model, such
	// as package ai/net's); other states keep their Evaluate, and
	// finished games their win and loss scores. It excludes Weights.
	Value Valuer
}

// Valuer is ai.Valuer, named here for Config.Value.
type Valuer = ai.Valuer

// Searcher is an ai.Agent running alpha-beta. Its table and history
// survive from one move to the next.
type Searcher struct {
	cfg      Config
	tt       *table
	killers  [maxPly][2]game.Move
	nKillers [maxPly]int
	history  [2][4096]int32
	pv       [maxPly][]game.Move
	bufs     [maxPly][]game.Move
	keys     [maxPly][]int32
	s        game.State
	ctx      context.Context
	deadline time.Time
	nodes    int64
	stopped  bool
	horizon  bool        // the iteration stopped somewhere short of the game's end
	exclude  []game.Move // root moves left out: the multi-PV lines already found
	shared   *shared     // the threads of one parallel search; nil with one thread
	quota    int64       // this thread's share of the node limit
	helpers  []*Searcher // Lazy SMP's helper threads, kept for their tables of history
	feats    []float64   // the leaf's features, with Config.Weights
}

// shared is what the threads of a parallel search have in common
// besides the table: the main thread's depth, and the order to stop.
type shared struct {
	depth atomic.Int64
	halt  atomic.Bool
	mu    sync.Mutex
	deep  ai.Info // the deepest iteration a helper completed
}

// offer records a helper's completed iteration when it is the deepest.
func (sh *shared) offer(depth, score int, pv []game.Move) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if depth > sh.deep.Depth && len(pv) > 0 {
		sh.deep = ai.Info{Depth: depth, Score: score, Best: pv[0], PV: slices.Clone(pv)}
	}
}

// New returns a searcher.
func New(cfg Config) *Searcher {
	if cfg.TTBits <= 0 || cfg.TTBits > 28 {
		cfg.TTBits = defaultTTBits
	}
	return &Searcher{cfg: cfg, tt: newTable(cfg.TTBits)}
}

// Choose implements ai.Agent: iterative deepening from depth 1 until a
// limit, the context, or a proven result; s is never changed.
func (t *Searcher) Choose(ctx context.Context, s game.State, report func(ai.Info)) (game.Move, ai.Info, error) {
	if s.Result() != game.Ongoing {
		return 0, ai.Info{}, ai.ErrNoMoves
	}
	if err := checkLeaf(t.cfg, s); err != nil {
		return 0, ai.Info{}, err
	}
	start := time.Now()
	maxDepth := t.begin(ctx, s, start)
	moves := s.Moves(nil)
	info := ai.Info{Best: moves[0], PV: moves[:1]}
	t.shared = nil
	var wg sync.WaitGroup
	if t.cfg.Threads > 1 && len(moves) > 1 {
		t.shared = &shared{}
		t.startHelpers(ctx, s, maxDepth, &wg)
	}
	for d := 1; d <= maxDepth && len(moves) > 1; d++ {
		if t.shared != nil {
			t.shared.depth.Store(int64(d))
		}
		lines := t.rootLines(d, min(max(t.cfg.MultiPV, 1), len(moves)))
		if t.stopped && d > 1 {
			break
		}
		if len(lines) > 0 {
			info = lines[0]
			if len(lines) > 1 {
				info.MultiPV = lines
			}
		}
		info.Nodes, info.Elapsed = t.nodes, time.Since(start)
		// An iteration that reached the end of every line has the exact
		// value; deeper ones would only repeat it.
		info.Proven = proven(lines) || (!t.stopped && !t.horizon)
		if report != nil {
			report(info)
		}
		if t.stopped || info.Proven {
			break
		}
	}
	info = t.joinHelpers(info, &wg, start, report)
	t.s = nil
	return info.Best, info, nil
}

// begin readies the searcher for a search of s started at start, and
// returns the depth it may reach.
func (t *Searcher) begin(ctx context.Context, s game.State, start time.Time) (maxDepth int) {
	t.s, t.ctx, t.nodes, t.stopped = s.Clone(), ctx, 0, false
	t.deadline = time.Time{}
	if t.cfg.Limits.Time > 0 {
		t.deadline = start.Add(t.cfg.Limits.Time)
	}
	t.killers, t.nKillers = [maxPly][2]game.Move{}, [maxPly]int{}
	t.quota = share(t.cfg.Limits.Nodes, max(t.cfg.Threads, 1), 0)
	maxDepth = t.cfg.Limits.Depth
	if maxDepth <= 0 || maxDepth > maxPly-2 {
		maxDepth = min(defaultMaxDepth, maxPly-2)
	}
	return maxDepth
}

// joinHelpers stops the helper threads, if any, and completes the main
// thread's info with their nodes and, when one of them finished a deeper
// iteration (a helper one ply ahead often does), with its line: the
// better informed, as Lazy SMP usually plays.
func (t *Searcher) joinHelpers(info ai.Info, wg *sync.WaitGroup, start time.Time, report func(ai.Info)) ai.Info {
	helped, deep := t.stopHelpers(wg)
	info.Nodes, info.Elapsed = t.nodes+helped, time.Since(start)
	if deep.Depth > info.Depth && t.cfg.MultiPV <= 1 && !info.Proven {
		info.Depth, info.Score, info.Best, info.PV = deep.Depth, deep.Score, deep.Best, deep.PV
		info.Proven = proven([]ai.Info{deep})
		if report != nil {
			report(info)
		}
	}
	return info
}

// startHelpers starts Lazy SMP's helper threads on clones of s.
func (t *Searcher) startHelpers(ctx context.Context, s game.State, maxDepth int, wg *sync.WaitGroup) {
	for len(t.helpers) < t.cfg.Threads-1 {
		t.helpers = append(t.helpers, &Searcher{cfg: Config{Limits: t.cfg.Limits, Weights: t.cfg.Weights, Value: t.cfg.Value}, tt: t.tt})
	}
	for i, h := range t.helpers[:t.cfg.Threads-1] {
		h.s, h.ctx, h.nodes, h.stopped = s.Clone(), ctx, 0, false
		h.deadline, h.shared = t.deadline, t.shared
		h.quota = share(t.cfg.Limits.Nodes, t.cfg.Threads, i+1)
		h.killers, h.nKillers = [maxPly][2]game.Move{}, [maxPly]int{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.help(maxDepth, 1+(i+1)%2)
		}()
	}
}

// help deepens as the main thread does, at its depth plus skew or deeper,
// until the search stops or this thread reaches the end of every line.
func (t *Searcher) help(maxDepth, skew int) {
	for d := skew; d <= maxDepth; d++ {
		d = max(d, int(t.shared.depth.Load())+skew-1)
		t.horizon = false
		score := t.negamax(min(d, maxDepth), -infinity, infinity, 0)
		if t.stopped {
			return
		}
		t.shared.offer(min(d, maxDepth), score, t.pv[0])
		if !t.horizon {
			return
		}
	}
}

// share is thread i's part of a node limit split between threads: the
// threads' counts then add up to the limit whatever their timing.
func share(limit int64, threads, i int) int64 {
	q := limit / int64(threads)
	if int64(i) < limit%int64(threads) {
		q++
	}
	return max(q, 1)
}

// stopHelpers ends the helper threads and returns the nodes they searched
// and their deepest completed iteration. When the main thread has spent
// its share of a node limit, the helpers spend theirs; otherwise (time,
// context, a proven result) they stop.
func (t *Searcher) stopHelpers(wg *sync.WaitGroup) (int64, ai.Info) {
	if t.shared == nil {
		return 0, ai.Info{}
	}
	if t.cfg.Limits.Nodes == 0 || t.nodes < t.quota {
		t.shared.halt.Store(true)
	}
	wg.Wait()
	var n int64
	for _, h := range t.helpers[:t.cfg.Threads-1] {
		n += h.nodes
		h.s = nil
	}
	deep := t.shared.deep
	t.shared = nil
	return n, deep
}

// proven tells whether every line found has a proven result, so that a
// deeper iteration could not change them. Without lines nothing is.
func proven(lines []ai.Info) bool {
	for _, l := range lines {
		if l.Score <= game.EvalWin && l.Score >= -game.EvalWin {
			return false
		}
	}
	return len(lines) > 0
}

// rootLines searches the root to depth d k times, each time without the
// best moves found before, and returns the lines found, best first. A
// search stopped by a limit ends the list; at depth 1 its partial best
// line is kept, as a single search keeps it. t.horizon ends up set when
// any of the searches stopped short of the game's end.
func (t *Searcher) rootLines(d, k int) []ai.Info {
	var lines []ai.Info
	horizon := false
	t.exclude = t.exclude[:0]
	for i := 0; i < k; i++ {
		t.horizon = false
		score := t.negamax(d, -infinity, infinity, 0)
		horizon = horizon || t.horizon
		if len(t.pv[0]) > 0 && (!t.stopped || i == 0) {
			lines = append(lines, ai.Info{Depth: d, Score: score, Best: t.pv[0][0], PV: slices.Clone(t.pv[0])})
			t.exclude = append(t.exclude, t.pv[0][0])
		}
		if t.stopped {
			break
		}
	}
	t.exclude = t.exclude[:0]
	t.horizon = horizon
	return lines
}

// stop reports whether the search must end: node budget, clock, context.
func (t *Searcher) stop() bool {
	if t.stopped {
		return true
	}
	if t.cfg.Limits.Nodes > 0 && t.nodes >= t.quota {
		t.stopped = true
	} else if t.nodes&checkEvery == 0 {
		t.stopped = t.ctx.Err() != nil || (!t.deadline.IsZero() && time.Now().After(t.deadline)) ||
			(t.shared != nil && t.shared.halt.Load())
	}
	return t.stopped
}

// negamax returns the score of t.s for its player to act. A child's score
// is negated only when the player to act changes.
func (t *Searcher) negamax(depth, alpha, beta, ply int) int {
	s := t.s
	t.nodes++
	t.pv[ply] = t.pv[ply][:0]
	if t.stop() {
		return 0
	}
	if r := s.Result(); r != game.Ongoing {
		return terminal(r, s.ToAct(), ply)
	}
	if depth <= 0 || ply >= maxPly-1 {
		t.horizon = true
		return t.evaluate(s)
	}
	key := s.Hash()
	var ttMove game.Move
	var hasTT bool
	if e, ok := t.tt.probe(key); ok {
		ttMove, hasTT = e.move, e.hasMove
		if v, ok := cutoff(&e, depth, alpha, beta, ply); ok && ply > 0 {
			t.horizon = t.horizon || int(e.depth) < maxPly
			return v
		}
	}
	moves := t.order(s.Moves(t.bufs[ply][:0]), ply, s.ToAct(), ttMove, hasTT)
	t.bufs[ply] = moves
	if ply == 0 && len(t.exclude) > 0 {
		moves = slices.DeleteFunc(moves, func(m game.Move) bool { return slices.Contains(t.exclude, m) })
	}
	return t.searchMoves(moves, key, depth, alpha, beta, ply)
}

// searchMoves is negamax's loop over the ordered moves of a node; it
// stores the result in the table.
func (t *Searcher) searchMoves(moves []game.Move, key uint64, depth, alpha, beta, ply int) int {
	s := t.s
	p := s.ToAct()
	best, bestMove, origAlpha := -infinity, moves[0], alpha
	outer := t.horizon
	t.horizon = false
	for _, m := range moves {
		s.Play(m)
		var v int
		if s.ToAct() == p {
			v = t.negamax(depth-1, alpha, beta, ply+1)
		} else {
			v = -t.negamax(depth-1, -beta, -alpha, ply+1)
		}
		s.Undo()
		if t.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			t.pv[ply] = append(append(t.pv[ply][:0], m), t.pv[ply+1]...)
		}
		alpha = max(alpha, v)
		if alpha >= beta {
			t.reward(m, p, ply, depth)
			break
		}
	}
	bound := boundExact
	switch {
	case best <= origAlpha:
		bound = boundUpper
	case best >= beta:
		bound = boundLower
	}
	if !t.horizon {
		// Every line below ended the game: the bound holds at any depth.
		depth = maxPly
	}
	t.horizon = outer || t.horizon
	if ply > 0 || len(t.exclude) == 0 {
		// A root searched without some of its moves has no value of its own.
		t.tt.store(key, depth, best, ply, bound, bestMove, true)
	}
	return best
}

// cutoff applies a table entry deep enough to settle the node.
func cutoff(e *entry, depth, alpha, beta, ply int) (int, bool) {
	if int(e.depth) < depth {
		return 0, false
	}
	v := fromTable(int(e.score), ply)
	switch e.bound {
	case boundExact:
		return v, true
	case boundLower:
		return v, v >= beta
	case boundUpper:
		return v, v <= alpha
	}
	return 0, false
}

// terminal scores a finished game for the player to act: a win sooner is
// better, a loss later is better.
func terminal(r game.Result, toAct game.Player, ply int) int {
	w, ok := r.Winner()
	switch {
	case !ok:
		return 0
	case w == toAct:
		return ai.MateScore - ply
	}
	return -(ai.MateScore - ply)
}

// evaluate scores a leaf with the configured weights when the state
// has features, else with its own Evaluate.
func (t *Searcher) evaluate(s game.State) int {
	if t.cfg.Value != nil {
		if fs, ok := s.(game.Featurer); ok {
			t.feats = fs.Features(t.feats[:0])
			return clampEval(t.cfg.Value.Value(t.feats))
		}
	}
	if len(t.cfg.Weights) > 0 {
		if fs, ok := s.(game.Featurer); ok {
			t.feats = fs.Features(t.feats[:0])
			v := 0.0
			for i, f := range t.feats {
				v += t.cfg.Weights[i] * f
			}
			return clampEval(v)
		}
	}
	if ev, ok := s.(game.Evaluator); ok {
		return ev.Evaluate()
	}
	return 0
}

// clampEval rounds a leaf's score into the evaluation's range, short of
// proven results; NaN scores 0.
func clampEval(v float64) int {
	if math.IsNaN(v) {
		return 0
	}
	return int(max(min(math.Round(v), game.EvalWin-1), -(game.EvalWin - 1)))
}

// checkLeaf tells whether the configured weights or value, if any, fit
// s's features.
func checkLeaf(cfg Config, s game.State) error {
	if cfg.Value == nil {
		return checkWeights(cfg.Weights, s)
	}
	if len(cfg.Weights) > 0 {
		return fmt.Errorf("alphabeta: %w: weights and a value both replace the evaluation; give one", ai.ErrBadSpec)
	}
	fs, ok := s.(game.Featurer)
	if !ok {
		return nil
	}
	if n := len(fs.Features(nil)); n != cfg.Value.Inputs() {
		return fmt.Errorf("alphabeta: %w: the value takes %d features, the game has %d (%s)", ai.ErrBadSpec, cfg.Value.Inputs(), n, strings.Join(fs.FeatureNames(), ", "))
	}
	return nil
}

// checkWeights tells whether weights, if any, fit s's features: a
// weight for every feature.
func checkWeights(weights []float64, s game.State) error {
	fs, ok := s.(game.Featurer)
	if len(weights) == 0 || !ok {
		return nil
	}
	if n := len(fs.Features(nil)); n != len(weights) {
		return fmt.Errorf("alphabeta: %w: %d weights for %d features (%s)", ai.ErrBadSpec, len(weights), n, strings.Join(fs.FeatureNames(), ", "))
	}
	return nil
}
