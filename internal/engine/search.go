package engine

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/game"
)

// defaultMoveTime is the engine's budget for a "go" without limits.
const defaultMoveTime = time.Second

// maxMultiPV bounds "go multipv": more lines than a page can show only
// multiply the search's cost.
const maxMultiPV = 32

// maxThreads bounds "go threads": more threads than cores only share
// them.
const maxThreads = 256

// usageGo is the go command's syntax, for its errors.
const usageGo = "go [movetime <ms>] [nodes <n>] [depth <d>] [threads <t>] [level <l> [seed <s>]] [multipv <k>]"

// goCmd runs "go [movetime <ms>] [nodes <n>] [depth <d>] [threads <t>] [level <l> [seed <s>]] [multipv <k>]".
func (en *Session) goCmd(args string) ([]string, error) {
	lim, err := parseLimits(args)
	if err != nil {
		return nil, err
	}
	if r := en.s.Result(); r != game.Ongoing {
		return nil, fmt.Errorf("%w: the game is over (%s)", errProtocol, r)
	}
	if lim.moveTime == 0 && lim.nodes == 0 && lim.level == 0 {
		// A depth alone does not bound MCTS, whose depth is its tree's.
		lim.moveTime = defaultMoveTime
	}
	var lines []string
	info := func(l string) { lines = append(lines, "info "+l) }
	ctx := context.Background()
	if lim.moveTime > 0 {
		var cancel context.CancelFunc
		// A little slack: the search watches its own clock and ends in
		// time; the context only guards against a search that does not.
		ctx, cancel = context.WithTimeout(ctx, lim.moveTime+lim.moveTime/2+50*time.Millisecond)
		defer cancel()
	}
	choose := en.choose
	if choose == nil {
		choose = searchChooser(en.id, &en.kept)
	}
	m, err := choose(ctx, en.s.Clone(), lim, info)
	if err != nil {
		return nil, err
	}
	return append(lines, "bestmove "+en.s.FormatMove(m)), nil
}

func parseLimits(args string) (limits, error) {
	var lim limits
	f := strings.Fields(args)
	if len(f)%2 != 0 {
		return lim, fmt.Errorf("%w: usage: %s", errProtocol, usageGo)
	}
	for i := 0; i < len(f); i += 2 {
		v, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil || v < 1 {
			return lim, fmt.Errorf("%w: bad %s %q: want a positive whole number", errProtocol, f[i], f[i+1])
		}
		switch strings.ToLower(f[i]) {
		case "movetime":
			lim.moveTime = time.Duration(min(v, 1<<40)) * time.Millisecond
		case "nodes":
			lim.nodes = v
		case "depth":
			lim.depth = int(min(v, 1000))
		case "multipv":
			lim.multiPV = int(min(v, maxMultiPV))
		case "threads":
			lim.threads = int(min(v, maxThreads))
		case "level":
			if v < ai.MinLevel || v > ai.MaxLevel {
				return lim, fmt.Errorf("%w: bad level %d: want %d to %d", errProtocol, v, ai.MinLevel, ai.MaxLevel)
			}
			lim.level = int(v)
		case "seed":
			lim.seed = uint64(v)
		default:
			return lim, fmt.Errorf("%w: unknown go limit %q (want movetime, nodes, depth, threads, level, seed or multipv)", errProtocol, f[i])
		}
	}
	if lim.threads > 0 && lim.level > 0 {
		return lim, fmt.Errorf("%w: threads is for the strongest search: a level searches as the server plays it", errProtocol)
	}
	if lim.seed != 0 && lim.level == 0 {
		return lim, fmt.Errorf("%w: seed is for go level: the strongest search has no noise to seed", errProtocol)
	}
	return lim, nil
}

// searchChooser searches with the game's strongest level, its budget
// replaced by the go command's limits and its noise removed. The agent
// is kept in kept for the next "go" with the same search, so that MCTS
// starts from the subtree of the new position and alpha-beta from its
// table, as "plateau play" does; a seeded "go level" gets a fresh agent,
// to stay reproducible.
func searchChooser(gameID string, kept *keptAgent) chooser {
	return func(ctx context.Context, s game.State, lim limits, info func(string)) (game.Move, error) {
		sp, seed, err := levelSpec(gameID, lim)
		if err != nil {
			return 0, err
		}
		report := func(i ai.Info) { info(i.Line(s)) }
		if lim.multiPV > 0 {
			// The solver answers a proven win with that one move, and
			// spends its node budget before the search's time, which a
			// review of many positions adds up: the lines come from the
			// search alone, in the time given.
			sp.MultiPV, sp.Solve = lim.multiPV, 0
			report = func(i ai.Info) {
				for _, l := range i.PVLines(s) {
					info(l)
				}
			}
		}
		a, err := kept.get(gameID, sp, seed, lim.seed == 0)
		if err != nil {
			return 0, err
		}
		m, _, err := a.Choose(ctx, s, report)
		return m, err
	}
}

// keptAgent is the agent of the last "go", kept for the next one. The
// reuse only saves time: a search that finds nothing of the position in
// what it kept starts afresh.
type keptAgent struct {
	gameID string
	spec   ai.Spec
	agent  ai.Agent
}

// get returns the kept agent when it runs sp for gameID and reuse is
// allowed, and otherwise a new one, which it keeps only when reuse is
// allowed (a seeded search starts and stays fresh).
func (k *keptAgent) get(gameID string, sp ai.Spec, seed uint64, reuse bool) (ai.Agent, error) {
	if reuse && k.agent != nil && k.gameID == gameID && k.spec == sp {
		return k.agent, nil
	}
	*k = keptAgent{}
	a, err := agent.New(sp, seed)
	if err == nil && reuse {
		*k = keptAgent{gameID: gameID, spec: sp, agent: a}
	}
	return a, err
}

// levelSpec is the search "go" runs: the strongest level without noise
// and with the command's limits; or, for "go level", that level as the
// server plays it (its budget, unless the command limits it, and its
// noise), seeded by the command or else by the clock.
func levelSpec(gameID string, lim limits) (ai.Spec, uint64, error) {
	if lim.level == 0 {
		sp, err := ai.Level(gameID, ai.MaxLevel)
		sp.Level, sp.Noise = 0, 0
		sp.Limits = ai.Limits{Time: lim.moveTime, Nodes: lim.nodes, Depth: lim.depth}
		sp.Threads = lim.threads
		return sp, 1, err
	}
	sp, err := ai.Level(gameID, lim.level)
	if lim.moveTime > 0 || lim.nodes > 0 || lim.depth > 0 {
		sp.Limits = ai.Limits{Time: lim.moveTime, Nodes: lim.nodes, Depth: lim.depth}
	}
	seed := lim.seed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	return sp, seed, err
}
