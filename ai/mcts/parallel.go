package mcts

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// searchParallel searches with t.cfg.Threads workers and no lock (root
// parallelism): worker 0 grows t's own tree, which is kept for the next
// move; each other worker grows a private tree from a copy of the root's
// moves, with its own random stream. The workers share only two atomic
// counters: the iterations done and a flag raised when one proves the
// root, which stops the others. When all have stopped, the other trees'
// root statistics (visits, rewards, proofs of the root's children) are
// added to t's root, so that the move is chosen on every thread's
// iterations. It returns the iterations done by all.
func (t *Searcher) searchParallel(ctx context.Context, s game.State, deadline, start time.Time, report func(ai.Info)) int64 {
	n := t.cfg.Threads
	maxNodes := t.cfg.MaxNodes
	t.cfg.MaxNodes = max(maxNodes/n, 1000) // the trees share the memory bound
	defer func() { t.cfg.MaxNodes = maxNodes }()
	sh := &shared{}
	workers := make([]*Searcher, n)
	workers[0] = t
	for i := 1; i < n; i++ {
		workers[i] = &Searcher{cfg: t.cfg, root: rootCopy(t.root, t.cfg.Rave > 0), nodes: 1,
			rng: rand.New(rand.NewPCG(t.cfg.Seed+uint64(i), s.Hash()))}
	}
	t.threadIters = make([]int64, n)
	var wg sync.WaitGroup
	for i, w := range workers {
		rep := report
		if i > 0 {
			rep = nil
		}
		quota := share(t.cfg.Limits.Nodes, n, i)
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.threadIters[i] = w.work(ctx, s.Clone(), sh, quota, deadline, start, rep)
		}()
	}
	wg.Wait()
	for _, w := range workers[1:] {
		t.merge(w.root)
	}
	return sh.done.Load()
}

// shared is what the workers of a parallel search share, atomically.
type shared struct {
	done   atomic.Int64 // iterations done by all
	proved atomic.Bool  // a worker proved its root
}

// rootCopy returns a fresh root with r's position and moves (in r's
// order) and no statistics, for a worker's private tree.
func rootCopy(r *node, rave bool) *node {
	// RAVE reorders a node's moves: each tree has its own list.
	c := &node{hash: r.hash, toAct: r.toAct, mover: r.mover, moves: slices.Clone(r.moves)}
	if rave {
		c.amafN, c.amafW = make([]float32, len(r.moves)), make([]float32, len(r.moves))
	}
	return c
}

// share is worker i's part of an iteration limit split between threads
// (0: none): the workers' counts then add up to the limit whatever their
// timing.
func share(limit int64, threads, i int) int64 {
	q := limit / int64(threads)
	if int64(i) < limit%int64(threads) {
		q++
	}
	return q
}

// work is one worker's loop on its own tree, up to quota iterations (0:
// no limit); it returns the iterations done. report, when not nil,
// receives the progress of the worker's tree with every worker's count.
func (w *Searcher) work(ctx context.Context, s game.State, sh *shared, quota int64, deadline, start time.Time, report func(ai.Info)) int64 {
	nextReport := start.Add(reportEvery)
	var k int64
	for ; w.cfg.Limits.Nodes == 0 || k < quota; k++ {
		if w.root.proof != game.Ongoing {
			sh.proved.Store(true)
			return k
		}
		if k%16 == 0 && k > 0 {
			now := time.Now()
			if sh.proved.Load() || ctx.Err() != nil || (!deadline.IsZero() && now.After(deadline)) {
				return k
			}
			if report != nil && now.After(nextReport) {
				report(w.info(sh.done.Load(), now.Sub(start)))
				nextReport = now.Add(reportEvery)
			}
		}
		w.iterate(s)
		sh.done.Add(1)
	}
	return k
}

// merge adds the statistics of a worker's root r to t's root: visits
// and rewards of each child, and the children's proofs, which are exact.
// A child that t's tree has not tried yet is created (with those before
// it in the root's move order, untried), keeping children[i].move ==
// moves[i].
func (t *Searcher) merge(r *node) {
	root := t.root
	pos := make(map[game.Move]int, len(root.moves))
	for i, m := range root.moves {
		pos[m] = i
	}
	for i := range r.children {
		c := &r.children[i]
		j, ok := pos[c.move]
		if !ok || c.visits == 0 {
			continue
		}
		for k := len(root.children); k <= j; k++ {
			root.children = append(root.children, node{move: root.moves[k], mover: root.toAct})
			t.nodes++
		}
		m := &root.children[j]
		if m.visits == 0 {
			m.toAct, m.hash = c.toAct, c.hash
		}
		m.visits += c.visits
		m.reward += c.reward
		if m.proof == game.Ongoing {
			m.proof = c.proof
		}
	}
	root.visits += r.visits
	if root.proof == game.Ongoing {
		prove(root)
	}
}
