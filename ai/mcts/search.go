package mcts

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// Defaults for the zero values of Config.
const (
	DefaultExplore  = 0.7
	DefaultCap      = 1000
	DefaultScale    = 100
	DefaultMaxNodes = 1_000_000
	reuseDepth      = 8 // plies searched below the old root for the new one
	reportEvery     = 250 * time.Millisecond
)

// Config tunes a Searcher; zero fields take the defaults above.
type Config struct {
	Limits   ai.Limits
	Explore  float64 // UCT constant; rewards are in [0, 1]
	Cutoff   int     // evaluate a playout after this many plies; 0 plays out
	Cap      int     // longest playout, scored by the evaluator or as a draw
	Scale    float64 // evaluation units that make a 73% win probability (logistic)
	Seed     uint64
	MaxNodes int  // the tree stops growing beyond this many nodes (memory)
	NoReuse  bool // start every search from a fresh tree
	// Order sorts a node's moves by the evaluation one ply ahead instead
	// of shuffling them; Widen, when positive, lets a node have only
	// 1 + Widen*sqrt(visits) children, the best ordered ones first.
	Order bool
	Widen float64
	// Rave, when positive, blends in all-moves-as-first values (RAVE) with
	// this equivalence parameter: the visits at which a child's own mean
	// and its AMAF value weigh about the same.
	Rave float64
	// Mast, when above 1, makes playouts draw that many random moves and
	// play the one with the best average reward so far for the player to
	// act, over all iterations (a tournament form of MAST).
	Mast int
	// Policy makes playouts take the game's own heuristic move
	// (game.PlayoutMover) where the state offers one, instead of a random
	// or MAST move.
	Policy bool
	// MultiPV, above 1, reports that many best root moves (ai.Info.MultiPV),
	// ranked as the move to play is chosen, each with its win probability
	// and its line of most visited children. It changes nothing in the
	// search itself.
	MultiPV int
	// Threads, above 1, searches with that many threads and no lock
	// (root parallelism): each grows its own tree from the root, and
	// their root statistics are added up to choose the move; a proof
	// found by one stops all. The result then depends on timing; with
	// one thread a search under a node limit repeats exactly.
	Threads int
	// Weights, when given, replace the evaluation's compiled-in weights
	// where a playout is cut off (game.Featurer): tuned weights for
	// every level, not only alpha-beta's.
	Weights []float64
}

// Searcher is an ai.Agent running MCTS. It keeps its tree between moves.
type Searcher struct {
	cfg   Config
	root  *node
	nodes int // nodes in the tree
	rng   *rand.Rand
	buf   []game.Move
	path  []*node
	// threadIters is the iterations of each thread in the last parallel
	// search.
	threadIters []int64
	seq         []played       // RAVE: the moves of the current iteration
	last        map[played]int // RAVE: the last ply at which each was made
	mast        map[played]mastStat
	feats       []float64 // the cut-off position's features, with Config.Weights
}

// New returns a searcher; a zero Config searches until its context ends.
func New(cfg Config) *Searcher {
	if cfg.Explore <= 0 {
		cfg.Explore = DefaultExplore
	}
	if cfg.Cap <= 0 {
		cfg.Cap = DefaultCap
	}
	if cfg.Scale <= 0 {
		cfg.Scale = DefaultScale
	}
	if cfg.MaxNodes <= 0 {
		cfg.MaxNodes = DefaultMaxNodes
	}
	return &Searcher{cfg: cfg}
}

// Choose implements ai.Agent: it searches s within the limits and the
// context and returns the best move found. It never changes s.
func (t *Searcher) Choose(ctx context.Context, s game.State, report func(ai.Info)) (game.Move, ai.Info, error) {
	if s.Result() != game.Ongoing {
		return 0, ai.Info{}, ai.ErrNoMoves
	}
	if err := t.checkWeights(s); err != nil {
		return 0, ai.Info{}, err
	}
	start := time.Now()
	// Seeding from the position keeps a search reproducible whatever
	// searches came before it.
	t.rng = rand.New(rand.NewPCG(t.cfg.Seed, s.Hash()))
	t.setRoot(s)
	var deadline time.Time
	if t.cfg.Limits.Time > 0 {
		deadline = start.Add(t.cfg.Limits.Time)
	}
	var iters int64
	if len(t.root.moves) > 1 { // a forced move needs no search
		if t.cfg.Threads > 1 {
			iters = t.searchParallel(ctx, s, deadline, start, report)
		} else {
			iters = t.searchSerial(ctx, s.Clone(), deadline, start, report)
		}
	}
	info := t.info(iters, time.Since(start))
	if report != nil {
		report(info)
	}
	return info.Best, info, nil
}

// searchSerial iterates on work within the limits and the context and
// returns the number of iterations.
func (t *Searcher) searchSerial(ctx context.Context, work game.State, deadline, start time.Time, report func(ai.Info)) int64 {
	lim := t.cfg.Limits
	nextReport := start.Add(reportEvery)
	var iters int64
	for t.root.proof == game.Ongoing && (lim.Nodes == 0 || iters < lim.Nodes) {
		if iters%16 == 0 && iters > 0 {
			if ctx.Err() != nil {
				break
			}
			now := time.Now()
			if !deadline.IsZero() && now.After(deadline) {
				break
			}
			if report != nil && now.After(nextReport) {
				report(t.info(iters, now.Sub(start)))
				nextReport = now.Add(reportEvery)
			}
		}
		t.iterate(work)
		iters++
	}
	return iters
}

// setRoot reuses the subtree of s's position when the last search saw
// it, and starts a fresh tree otherwise. The root is always expanded.
func (t *Searcher) setRoot(s game.State) {
	var found *node
	if t.root != nil && !t.cfg.NoReuse {
		found = find(t.root, s.Hash(), s.ToAct(), reuseDepth)
	}
	if found != nil {
		// A copy lets the old tree around the new root be collected.
		r := *found
		t.root = &r
		t.nodes = size(t.root)
	} else {
		t.root = &node{hash: s.Hash(), toAct: s.ToAct(), mover: s.ToAct().Other()}
		t.nodes = 1
	}
	if t.root.moves == nil {
		t.expand(t.root, s)
	}
	if t.root.visits == 0 {
		t.root.visits = 1
	}
}

// expand lists n's moves in a random order, so that untried moves are
// tried without the bias of the game's move order; with Policy the
// game's heuristic move comes first.
func (t *Searcher) expand(n *node, s game.State) {
	t.expansion(s).to(n)
}

// expansion is a node's moves and RAVE statistics before they are set:
// a parallel search computes them without holding the tree's lock.
type expansion struct {
	moves        []game.Move
	amafN, amafW []float32
}

func (e expansion) to(n *node) {
	n.moves, n.amafN, n.amafW = e.moves, e.amafN, e.amafW
}

// expansion lists the moves of s for expand.
func (t *Searcher) expansion(s game.State) expansion {
	e := expansion{moves: s.Moves(nil)}
	t.rng.Shuffle(len(e.moves), func(i, j int) { e.moves[i], e.moves[j] = e.moves[j], e.moves[i] })
	if t.cfg.Order {
		orderMoves(s, e.moves)
	}
	if t.cfg.Policy {
		policyFirst(s, e.moves, t.rng)
	}
	if t.cfg.Rave > 0 {
		e.amafN = make([]float32, len(e.moves))
		e.amafW = make([]float32, len(e.moves))
	}
	return e
}

// selectChild picks the child to descend to, and records the move for
// RAVE.
func (t *Searcher) selectChild(n *node) *node {
	grow, w := t.nodes < t.cfg.MaxNodes, width(n.visits, t.cfg.Widen, len(n.moves))
	var c *node
	if t.cfg.Rave > 0 {
		c = t.selectRave(n, grow, w)
	} else {
		c = selectChild(n, t.cfg.Explore, grow, w)
	}
	if t.recording() {
		t.seq = append(t.seq, played{c.move, c.mover})
	}
	return c
}

// iterate runs one selection, expansion, playout and backup on s, which
// it leaves as it found it.
func (t *Searcher) iterate(s game.State) {
	path := append(t.path[:0], t.root)
	t.seq = t.seq[:0]
	n := t.root
	var first float64 // the reward of the first player
	for {
		if n.proof != game.Ongoing {
			first = reward(n.proof)
			break
		}
		atDepth := t.cfg.Limits.Depth > 0 && len(path)-1 >= t.cfg.Limits.Depth
		if atDepth || (n.moves == nil && t.nodes >= t.cfg.MaxNodes) {
			first = t.playout(s)
			break
		}
		if n.moves == nil {
			// A subtree reused from the last search may have been grown
			// along another move order, and games whose draws depend on
			// the history (repetitions, passes) can end at a node that
			// was ongoing there: check before expanding.
			if r := s.Result(); r != game.Ongoing {
				n.proof, first = r, reward(r)
				break
			}
			t.expand(n, s)
			if len(n.moves) == 0 {
				panic("mcts: " + s.String() + " is ongoing but has no legal move")
			}
		}
		c := t.selectChild(n)
		s.Play(c.move)
		path = append(path, c)
		if c.visits == 0 {
			t.nodes++
			c.toAct, c.hash = s.ToAct(), s.Hash()
			if r := s.Result(); r != game.Ongoing {
				c.proof = r
				first = reward(r)
			} else {
				first = t.playout(s)
			}
			break
		}
		n = c
	}
	t.backup(path, first)
	for range path[1:] {
		s.Undo()
	}
	t.path = path
}

// backup adds the iteration's reward to every node of the path, each
// for the player who moved into it, and carries proofs up.
func (t *Searcher) backup(path []*node, first float64) {
	for _, x := range path {
		x.visits++
		x.reward += forPlayer(first, x.mover)
	}
	t.learn(path, first)
}

// learn updates, after an iteration's rewards, what the search learns
// beyond its tree's counts (AMAF, MAST) and carries proofs up the path.
func (t *Searcher) learn(path []*node, first float64) {
	if t.cfg.Rave > 0 {
		t.updateAMAF(path, first)
	}
	if t.cfg.Mast > 1 {
		t.updateMAST(first)
	}
	for i := len(path) - 2; i >= 0 && path[i+1].proof != game.Ongoing; i-- {
		if !prove(path[i]) {
			break
		}
	}
}

// playout plays random moves from s until the game ends, the cut-off or
// the cap, and returns the first player's reward; s is restored.
func (t *Searcher) playout(s game.State) float64 {
	plies := 0
	defer func() {
		for ; plies > 0; plies-- {
			s.Undo()
		}
	}()
	for {
		if r := s.Result(); r != game.Ongoing {
			return reward(r)
		}
		if plies >= t.cfg.Cap || (t.cfg.Cutoff > 0 && plies >= t.cfg.Cutoff) {
			return t.evaluate(s)
		}
		m := t.playoutMove(s)
		if t.recording() {
			t.seq = append(t.seq, played{m, s.ToAct()})
		}
		s.Play(m)
		plies++
	}
}

// evaluate maps the static evaluation to the first player's win
// probability through a logistic curve; without an evaluator, a draw.
func (t *Searcher) evaluate(s game.State) float64 {
	var v float64
	if fs, ok := s.(game.Featurer); ok && len(t.cfg.Weights) > 0 {
		t.feats = fs.Features(t.feats[:0])
		for i, f := range t.feats {
			v += t.cfg.Weights[i] * f
		}
	} else if ev, ok := s.(game.Evaluator); ok {
		v = float64(ev.Evaluate())
	} else {
		return 0.5
	}
	wp := 1 / (1 + math.Exp(-v/t.cfg.Scale))
	return forPlayer(wp, s.ToAct())
}

// checkWeights tells whether the configured weights, if any, fit s's
// features: a weight for every feature.
func (t *Searcher) checkWeights(s game.State) error {
	fs, ok := s.(game.Featurer)
	if len(t.cfg.Weights) == 0 || !ok {
		return nil
	}
	if n := len(fs.Features(nil)); n != len(t.cfg.Weights) {
		return fmt.Errorf("mcts: %w: %d weights for %d features", ai.ErrBadSpec, len(t.cfg.Weights), n)
	}
	return nil
}

// info describes the tree: the best move, its win probability for the
// player to act and the principal variation of most visited children.
func (t *Searcher) info(iters int64, elapsed time.Duration) ai.Info {
	info := ai.Info{Nodes: iters, Elapsed: elapsed, HasWinProb: true, WinProb: 0.5}
	best := bestChild(t.root)
	if best == nil { // no iteration ran: a forced move, or no time at all
		info.Best = t.root.moves[0]
		info.PV = []game.Move{info.Best}
		info.Depth = 1
		return info
	}
	info.Best, info.WinProb = best.move, best.mean()
	if t.root.proof != game.Ongoing {
		info.Proven = true
		info.WinProb = forPlayer(reward(t.root.proof), t.root.toAct)
	}
	info.PV = line(best)
	info.Depth = len(info.PV)
	if t.cfg.MultiPV > 1 {
		info.MultiPV = t.lines(info)
	}
	return info
}

// line is the principal variation from child n: n's move, then the most
// visited child after child while they have been visited twice.
func line(n *node) []game.Move {
	var pv []game.Move
	for ; n != nil && len(pv) < 32; n = bestChild(n) {
		pv = append(pv, n.move)
		if n.visits < 2 {
			break
		}
	}
	return pv
}

// lines returns the MultiPV best root children that were visited, ranked
// as bestChild ranks them, the first being the best line of info.
func (t *Searcher) lines(info ai.Info) []ai.Info {
	p := t.root.toAct
	var kids []*node
	for i := range t.root.children {
		if c := &t.root.children[i]; c.visits > 0 {
			kids = append(kids, c)
		}
	}
	slices.SortStableFunc(kids, func(a, b *node) int {
		switch {
		case rankedFirst(a, b, p):
			return -1
		case rankedFirst(b, a, p):
			return 1
		}
		return 0
	})
	out := []ai.Info{}
	for _, c := range kids[:min(len(kids), t.cfg.MultiPV)] {
		l := ai.Info{Depth: info.Depth, Best: c.move, HasWinProb: true, WinProb: c.mean(), PV: line(c)}
		if c.proof != game.Ongoing {
			l.Proven, l.WinProb = true, forPlayer(reward(c.proof), p)
		}
		out = append(out, l)
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// rankedFirst tells whether root child c comes before b: a proven win
// first, then as better ranks them.
func rankedFirst(c, b *node, p game.Player) bool {
	cWin, bWin := c.proof == game.Win(p), b.proof == game.Win(p)
	if cWin != bWin {
		return cWin
	}
	return better(c, b, p)
}
