package mcts

import (
	"context"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// grove is what the threads of a parallel search share: the lock over
// the tree (and over the main searcher's node count), and the iterations
// done.
type grove struct {
	mu   sync.Mutex
	main *Searcher
	done atomic.Int64
}

// searchParallel grows t's tree with t.cfg.Threads workers until a limit,
// the context or a proof, and returns the iterations done by all.
func (t *Searcher) searchParallel(ctx context.Context, s game.State, deadline, start time.Time, report func(ai.Info)) int64 {
	g := &grove{main: t}
	var wg sync.WaitGroup
	t.threadIters = make([]int64, t.cfg.Threads)
	for i := range t.cfg.Threads {
		// Each worker has its own random stream, playout statistics and
		// scratch space; the tree is the main searcher's.
		w := &Searcher{cfg: t.cfg, root: t.root, rng: rand.New(rand.NewPCG(t.cfg.Seed+uint64(i), s.Hash()))}
		var rep func(ai.Info)
		if i == 0 {
			rep = report
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.threadIters[i] = w.work(ctx, s.Clone(), g, share(t.cfg.Limits.Nodes, t.cfg.Threads, i), deadline, start, rep)
		}()
	}
	wg.Wait()
	return g.done.Load()
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

// work is one worker's loop, up to quota iterations (0: no limit); it
// returns the iterations done. report, when not nil, receives the tree's
// progress as in a serial search.
func (w *Searcher) work(ctx context.Context, s game.State, g *grove, quota int64, deadline, start time.Time, report func(ai.Info)) int64 {
	nextReport := start.Add(reportEvery)
	var k int64
	for ; w.cfg.Limits.Nodes == 0 || k < quota; k++ {
		if k%16 == 0 && k > 0 {
			now := time.Now()
			if ctx.Err() != nil || (!deadline.IsZero() && now.After(deadline)) {
				return k
			}
			if report != nil && now.After(nextReport) {
				g.mu.Lock()
				info := g.main.info(g.done.Load(), now.Sub(start))
				g.mu.Unlock()
				report(info)
				nextReport = now.Add(reportEvery)
			}
		}
		if !w.iterateShared(s, g) {
			return k
		}
		g.done.Add(1)
	}
	return k
}

// iterateShared is iterate for one of several threads: the descent and
// the backup hold the lock; expanding a node (which with Order evaluates
// every move) and the playout do not. It reports false when the root is
// proven and nothing is left to search.
func (w *Searcher) iterateShared(s game.State, g *grove) bool {
	g.mu.Lock()
	if w.root.proof != game.Ongoing {
		g.mu.Unlock()
		return false
	}
	w.nodes = g.main.nodes
	w.root.visits++
	n, idx, first, st := w.root, w.idx[:0], 0.0, stepExpand
	w.seq = w.seq[:0]
	for {
		idx, first, st = w.descend(s, n, idx)
		if st != stepExpand {
			break
		}
		g.main.nodes = w.nodes
		g.mu.Unlock()
		e := w.expansion(s)
		g.mu.Lock()
		w.nodes = g.main.nodes
		if n = w.resolve(idx); n.moves == nil { // or another thread expanded it meanwhile
			e.to(n)
		}
	}
	g.main.nodes = w.nodes
	g.mu.Unlock()
	w.idx = idx
	if st == stepPlayout {
		first = w.playout(s)
	}
	g.mu.Lock()
	w.backupShared(idx, first)
	g.mu.Unlock()
	for range idx {
		s.Undo()
	}
	return true
}

// How a descent stops: at a proven end (with its reward), at a leaf to
// play out, or at a node to expand before it goes on.
const (
	stepEnd = iota
	stepPlayout
	stepExpand
)

// descend selects as iterate does from n, reached by the path idx (child
// indices, since children's slices may move once the lock is released),
// playing the path on s and counting a visit without reward at every
// node it enters: the virtual loss that turns the other threads to other
// lines until the backup.
func (w *Searcher) descend(s game.State, n *node, idx []int) ([]int, float64, int) {
	for {
		if n.proof != game.Ongoing {
			return idx, reward(n.proof), stepEnd
		}
		atDepth := w.cfg.Limits.Depth > 0 && len(idx) >= w.cfg.Limits.Depth
		if atDepth || (n.moves == nil && w.nodes >= w.cfg.MaxNodes) {
			return idx, 0, stepPlayout
		}
		if n.moves == nil {
			if r := s.Result(); r != game.Ongoing {
				n.proof = r
				return idx, reward(r), stepEnd
			}
			return idx, 0, stepExpand
		}
		c := w.selectChild(n)
		idx = append(idx, childIndex(n, c))
		s.Play(c.move)
		fresh := c.visits == 0
		c.visits++
		if fresh {
			w.nodes++
			c.toAct, c.hash = s.ToAct(), s.Hash()
			if r := s.Result(); r != game.Ongoing {
				c.proof = r
				return idx, reward(r), stepEnd
			}
			return idx, 0, stepPlayout
		}
		n = c
	}
}

// resolve finds the node at the end of the path idx.
func (w *Searcher) resolve(idx []int) *node {
	n := w.root
	for _, i := range idx {
		n = &n.children[i]
	}
	return n
}

func childIndex(n, c *node) int {
	for i := range n.children {
		if &n.children[i] == c {
			return i
		}
	}
	panic("mcts: the selected child is not among its parent's")
}

// backupShared is backup for a path descended with virtual losses: the
// visits are counted already, the rewards are added now.
func (w *Searcher) backupShared(idx []int, first float64) {
	path := append(w.path[:0], w.root)
	for n, i := w.root, 0; i < len(idx); i++ {
		n = &n.children[idx[i]]
		path = append(path, n)
	}
	w.path = path // the slices hold still while the lock is held
	for _, x := range path {
		x.reward += forPlayer(first, x.mover)
	}
	w.learn(path, first)
}
