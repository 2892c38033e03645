package agent

import (
	"context"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// DefaultKept is how many agents a KeptMover keeps when Size is 0: about
// one per game in play on a small server. An agent keeps its tree (MCTS)
// or its table (alpha-beta, 6 MB), a few megabytes at level 8, more at
// the top.
const DefaultKept = 16

// KeptMover plays a game's level as LevelMover does, and keeps the agent
// that chose a move for the game's next AI move, so that MCTS goes on
// from the subtree of the new position and alpha-beta from its table, as
// "plateau play" does. A server's AI jobs may be claimed by any server
// of a cluster and carry no search, so this is only a cache of the
// process, keyed by the game's id with its options (the Mover is not
// told which game record it plays), the level and the positions that
// may follow the move chosen (the position after it, and after each
// reply): an optimisation, never needed for correctness. Two games that
// reach the same position share nothing wrong: a search only reuses
// what it finds of its own position. A move asked of a
// position no agent expects, in another process, or after the agent
// was dropped (the least recently used goes first) gets a fresh agent,
// as with LevelMover. Safe for concurrent use: an agent is taken out of
// the cache while it searches.
type KeptMover struct {
	// TopThreads, above 0, makes level ai.MaxLevel play ai.Top on that
	// many threads for the time the move's context leaves, less a margin
	// to answer in; without a deadline the top takes ai.TopTime.
	TopThreads int
	// Size is how many agents are kept at most; 0 means DefaultKept.
	Size int

	mu    sync.Mutex
	byKey map[keptKey]*keptEntry
	lru   []*keptEntry // oldest first
}

type keptKey struct {
	gameID string
	level  int
	hash   uint64
	toAct  game.Player
}

type keptEntry struct {
	agent ai.Agent
	keys  []keptKey
}

// topMargin is kept from the move's time for the answer to reach the
// game: the search's clock is checked every few hundred nodes.
const topMargin = 100 * time.Millisecond

// Move chooses a move of s (which it may change) for the named game at
// the given level, 1 to ai.MaxLevel, reusing the agent that expects s.
func (k *KeptMover) Move(ctx context.Context, gameID string, s game.State, level int) (game.Move, error) {
	key := keptKey{gameID: gameID, level: level, hash: s.Hash(), toAct: s.ToAct()}
	a := k.take(key)
	if a == nil {
		sp, err := k.spec(ctx, gameID, level)
		if err != nil {
			return 0, err
		}
		if a, err = New(sp, rand.Uint64()); err != nil {
			return 0, err
		}
	}
	m, _, err := a.Choose(ctx, s, nil)
	if err == nil {
		k.keep(a, key, s, m)
	}
	return m, err
}

// Describe says what a level does in a game, as ai.Describe, except
// that the strongest level is said to be the top when it plays it: a
// level picker must not promise a node count the server does not use.
func (k *KeptMover) Describe(gameID string, level int) (game.Text, error) {
	if level == ai.MaxLevel && k.TopThreads > 0 {
		if _, err := ai.Level(gameID, level); err != nil {
			return nil, err
		}
		return ai.DescribeTop(k.TopThreads), nil
	}
	return ai.Describe(gameID, level)
}

// spec is the level's spec, or the top's when asked for.
func (k *KeptMover) spec(ctx context.Context, gameID string, level int) (ai.Spec, error) {
	if level != ai.MaxLevel || k.TopThreads < 1 {
		return ai.Level(gameID, level)
	}
	budget := ai.TopTime
	if dl, ok := ctx.Deadline(); ok {
		budget = max(time.Until(dl)-topMargin, time.Millisecond)
	}
	return ai.Top(gameID, k.TopThreads, budget)
}

// take removes and returns the agent kept for key, or nil.
func (k *KeptMover) take(key keptKey) ai.Agent {
	k.mu.Lock()
	defer k.mu.Unlock()
	e := k.byKey[key]
	if e == nil {
		return nil
	}
	k.drop(e)
	return e.agent
}

// keep files agent a, which chose m in s, under the positions that may
// come next: s after m (the same player may act again), and each reply.
func (k *KeptMover) keep(a ai.Agent, key keptKey, s game.State, m game.Move) {
	s.Play(m)
	e := &keptEntry{agent: a}
	add := func() {
		key.hash, key.toAct = s.Hash(), s.ToAct()
		e.keys = append(e.keys, key)
	}
	if s.Result() == game.Ongoing {
		add()
		for _, r := range s.Moves(nil) {
			s.Play(r)
			add()
			s.Undo()
		}
	}
	s.Undo()
	if len(e.keys) == 0 {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.byKey == nil {
		k.byKey = map[keptKey]*keptEntry{}
	}
	size := k.Size
	if size <= 0 {
		size = DefaultKept
	}
	for len(k.lru) >= size {
		k.drop(k.lru[0])
	}
	for _, key := range e.keys {
		if old := k.byKey[key]; old != nil {
			k.drop(old) // another game reached the same position: the newer wins
		}
		k.byKey[key] = e
	}
	k.lru = append(k.lru, e)
}

// drop forgets e. The caller holds k.mu.
func (k *KeptMover) drop(e *keptEntry) {
	for _, key := range e.keys {
		if k.byKey[key] == e {
			delete(k.byKey, key)
		}
	}
	for i, x := range k.lru {
		if x == e {
			k.lru = append(k.lru[:i], k.lru[i+1:]...)
			break
		}
	}
}

// kept tells how many agents are kept, for tests.
func (k *KeptMover) kept() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.lru)
}
