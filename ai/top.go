package ai

import (
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
)

// TopTime is the top strength's default time a move.
const TopTime = time.Second

// Top returns a game's top strength, for analysis and for those who ask
// for it: the search of level MaxLevel (its endgame solver included),
// bounded by time a move instead of its node budget, on threads threads
// (Lazy SMP for alpha-beta, root-parallel MCTS), the proof-number prover
// after the solver, with the evaluation's
// tuned weights where tuning won (topWeights). threads below 1 means
// every core; budget 0 means TopTime. docs/strength.md measures it
// against level MaxLevel's configuration given the same time on one
// thread.
func Top(gameID string, threads int, budget time.Duration) (Spec, error) {
	sp, err := Level(gameID, MaxLevel)
	if err != nil {
		return Spec{}, err
	}
	if sp.Algo == AlgoAlphaBeta {
		id, _ := game.ParseID(gameID) // Level checked it
		sp.Weights = topWeights(id)
	}
	if threads < 1 {
		threads = runtime.NumCPU()
	}
	if budget <= 0 {
		budget = TopTime
	}
	sp.Level, sp.Noise = 0, 0
	sp.Prove = topProve
	sp.Limits = Limits{Time: budget}
	sp.Threads = threads
	return sp, nil
}

// topProve is the proof-number prover's node budget at the top strength,
// tried when level MaxLevel's endgame solver proves no win (a few to a
// few tens of milliseconds; docs/strength.md, "Proof-number solver").
const topProve = 2000

// topWeights are the evaluation weights of a game's top strength: ""
// keeps the compiled-in ones. They are measurements of each game, made
// with plateau train and plateau match (docs/strength.md, "Tuned
// evaluation"), kept in the table of ladders.go.
func topWeights(id game.ID) string { return measured(id).top }

// parseTop reads "top" with the options threads and time.
func parseTop(text, rest, gameID string) (Spec, error) {
	var threads int
	var budget time.Duration
	for kv := range strings.SplitSeq(rest, ",") {
		if strings.TrimSpace(kv) == "" {
			continue
		}
		k, v, _ := strings.Cut(kv, "=")
		var probe Spec
		switch k = strings.ToLower(strings.TrimSpace(k)); k {
		case "threads", "time":
			if err := probe.set(k, strings.TrimSpace(v)); err != nil {
				return Spec{}, fmt.Errorf("ai: %w %q: %w", ErrBadSpec, text, err)
			}
		default:
			return Spec{}, fmt.Errorf("ai: %w %q: option %q (top takes threads, time)", ErrBadSpec, text, kv)
		}
		threads, budget = max(threads, probe.Threads), max(budget, probe.Limits.Time)
	}
	sp, err := Top(gameID, threads, budget)
	if err != nil {
		return Spec{}, fmt.Errorf("ai: %w %q: %w", ErrBadSpec, text, err)
	}
	return sp, nil
}
