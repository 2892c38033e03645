package ai

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// ErrBadSpec is wrapped by every error about an agent spec.
var ErrBadSpec = errors.New("bad agent spec")

// The algorithms a Spec names.
const (
	AlgoMCTS      = "mcts"
	AlgoAlphaBeta = "ab"
	AlgoRandom    = "random"
)

// Spec describes an agent as data, so that specs can be parsed, printed,
// stored in the level table and built by package ai/agent.
type Spec struct {
	Algo    string  // AlgoMCTS, AlgoAlphaBeta or AlgoRandom
	Limits  Limits  // the budget of every move
	Noise   float64 // probability of a uniformly random move instead
	Cutoff  int     // MCTS: score a playout with the evaluator after this many plies (0: play out)
	Cap     int     // MCTS: longest playout, scored by the evaluator or as a draw (0: default)
	Explore float64 // MCTS: UCT exploration constant (0: default)
	Scale   float64 // MCTS: evaluation units for a 73% win probability (0: default)
	Order   bool    // MCTS: try moves in the order of a one-ply evaluation
	Widen   float64 // MCTS: progressive widening, children 1 + Widen*sqrt(visits) (0: off)
	Rave    float64 // MCTS: RAVE equivalence parameter (0: off)
	Mast    int     // MCTS: playouts pick the best of this many random moves by MAST (0: off)
	Policy  bool    // MCTS: playouts use the game's heuristic move (game.PlayoutMover)
	Solve   int64   // node budget of the endgame solver tried before the search (0: off)
	// Prove is the node budget of the proof-number prover, tried after
	// the endgame solver when that proves no win (0: off).
	Prove int64
	// SolveTime is the endgame solver's time budget a move (0: none).
	// With Limits.Time it is spent within it: the search gets the time
	// the solver left, so that agents compare at equal time.
	SolveTime time.Duration
	MultiPV   int    // MCTS, alpha-beta: report this many best lines at the root (0, 1: one)
	Threads   int    // MCTS, alpha-beta: search with this many threads (0, 1: one, reproducible)
	Seed      uint64 // random seed; games are reproducible under node limits
	// Weights replace the evaluation's compiled-in weights at
	// alpha-beta's leaves and where MCTS cuts a playout off
	// (game.Featurer): numbers separated by
	// slashes, "100/50/4" (ParseWeights), kept as text so that specs
	// stay comparable.
	Weights string
	// Net, for alpha-beta, names a file of a learned value network
	// (package ai/net) that scores the leaves instead of the evaluation.
	Net string
	// Value is Net's model once loaded (net.LoadSpec); agents refuse a
	// spec with Net and no Value. ParseSpec does not load it, so that
	// programs without files and networks (the browser's engine) do
	// not carry the model's JSON reader.
	Value Valuer `json:"-"`
	Level int    // the level this spec came from, 0 when written out
}

// Valuer scores a position from its features (game.Featurer), for the
// player to act, in the evaluation's units, as a learned model does.
// Agents share one between their threads and games: it must be safe
// for concurrent use.
type Valuer interface {
	Inputs() int // the number of features it takes
	Value(features []float64) float64
}

// specKeys lists the keys an algorithm accepts; ok is false for an
// unknown algorithm.
func specKeys(algo string) (keys []string, ok bool) {
	switch algo {
	case AlgoMCTS:
		return []string{"time", "iters", "nodes", "depth", "noise", "cutoff", "cap", "c", "scale", "order", "widen", "rave", "mast", "policy", "solve", "prove", "solvetime", "multipv", "threads", "seed", "weights"}, true
	case AlgoAlphaBeta:
		return []string{"time", "nodes", "depth", "noise", "solve", "prove", "solvetime", "multipv", "threads", "seed", "weights", "net"}, true
	case AlgoRandom:
		return []string{"seed"}, true
	}
	return nil, false
}

// ParseSpec reads an agent spec: "random", "level:N" (resolved for
// gameID, a game id such as "oxford:variant=beginner", through Level),
// "top" or "top:threads=2,time=1s" (see Top),
// or an algorithm with options,
// "mcts:time=100ms,iters=5000" or "ab:depth=6,time=50ms".
func ParseSpec(text, gameID string) (Spec, error) {
	algo, rest, hasOpts := strings.Cut(strings.TrimSpace(text), ":")
	algo = strings.ToLower(algo)
	if algo == "top" {
		return parseTop(text, rest, gameID)
	}
	if algo == "level" {
		n, err := strconv.Atoi(rest)
		if err != nil {
			return Spec{}, fmt.Errorf("ai: %w %q: level %q is not a number from %d to %d", ErrBadSpec, text, rest, MinLevel, MaxLevel)
		}
		sp, err := Level(gameID, n)
		if err != nil {
			return Spec{}, fmt.Errorf("ai: %w %q: %w", ErrBadSpec, text, err)
		}
		return sp, nil
	}
	keys, ok := specKeys(algo)
	if !ok {
		return Spec{}, fmt.Errorf("ai: %w %q: unknown algorithm %q (want mcts, ab, random, level:N or top)", ErrBadSpec, text, algo)
	}
	sp := Spec{Algo: algo}
	if !hasOpts {
		return sp, nil
	}
	for _, kv := range strings.Split(rest, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k = strings.ToLower(strings.TrimSpace(k))
		if !ok || !containsString(keys, k) {
			return Spec{}, fmt.Errorf("ai: %w %q: option %q (%s takes %s)", ErrBadSpec, text, kv, algo, strings.Join(keys, ", "))
		}
		if err := sp.set(k, strings.TrimSpace(v)); err != nil {
			return Spec{}, fmt.Errorf("ai: %w %q: %w", ErrBadSpec, text, err)
		}
	}
	if sp.Net != "" && sp.Weights != "" {
		return Spec{}, fmt.Errorf("ai: %w %q: weights and net both replace the evaluation; give one", ErrBadSpec, text)
	}
	return sp, nil
}

// set stores one option, checking its range.
func (sp *Spec) set(k, v string) error {
	switch k {
	case "time", "solvetime":
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return fmt.Errorf("%s %q: want a positive duration such as 100ms or 2s", k, v)
		}
		if k == "time" {
			sp.Limits.Time = d
		} else {
			sp.SolveTime = d
		}
	case "iters", "nodes", "solve", "prove":
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			return fmt.Errorf("%s %q: want a whole number from 1", k, v)
		}
		switch k {
		case "solve":
			sp.Solve = n
		case "prove":
			sp.Prove = n
		default:
			sp.Limits.Nodes = n
		}
	case "depth", "cutoff", "cap", "mast", "multipv", "threads":
		return sp.setInt(k, v)
	case "noise", "c", "scale", "widen", "rave":
		return sp.setFloat(k, v)
	case "order", "policy":
		if v != "0" && v != "1" {
			return fmt.Errorf("%s %q: want 1 (on) or 0 (off)", k, v)
		}
		if k == "order" {
			sp.Order = v == "1"
		} else {
			sp.Policy = v == "1"
		}
	case "weights":
		return sp.setWeights(v)
	case "net":
		if v == "" {
			return fmt.Errorf("net: want a file name")
		}
		sp.Net = v // loaded by net.LoadSpec
	case "seed":
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return fmt.Errorf("seed %q: want a whole number from 0", v)
		}
		sp.Seed = n
	}
	return nil
}

// setWeights checks and stores weights in their shortest form.
func (sp *Spec) setWeights(v string) error {
	w, err := ParseWeights(v)
	if err != nil {
		return err
	}
	if len(w) == 0 {
		return fmt.Errorf("weights %q: want numbers separated by slashes, such as 100/50/4", v)
	}
	sp.Weights = FormatWeights(w)
	return nil
}

// ParseWeights reads evaluation weights separated by slashes, as commas
// separate a spec's options: "100/50/4".
func ParseWeights(v string) ([]float64, error) {
	if v == "" {
		return nil, nil
	}
	var w []float64
	for _, f := range strings.Split(v, "/") {
		x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || math.IsNaN(x) || math.Abs(x) > 1e6 {
			return nil, fmt.Errorf("weights %q: want numbers separated by slashes, such as 100/50/4", v)
		}
		w = append(w, x)
	}
	return w, nil
}

func (sp *Spec) setInt(k, v string) error {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 10000 {
		return fmt.Errorf("%s %q: want a whole number from 1 to 10000", k, v)
	}
	switch k {
	case "depth":
		sp.Limits.Depth = n
	case "cutoff":
		sp.Cutoff = n
	case "mast":
		sp.Mast = n
	case "multipv":
		sp.MultiPV = n
	case "threads":
		sp.Threads = n
	default:
		sp.Cap = n
	}
	return nil
}

func (sp *Spec) setFloat(k, v string) error {
	x, err := strconv.ParseFloat(v, 64)
	if k == "noise" {
		if err != nil || !(x >= 0 && x <= 1) {
			return fmt.Errorf("noise %q: want a probability from 0 to 1", v)
		}
		sp.Noise = x
		return nil
	}
	if err != nil || !(x > 0 && x < 1e9) {
		return fmt.Errorf("%s %q: want a positive number", k, v)
	}
	switch k {
	case "c":
		sp.Explore = x
	case "scale":
		sp.Scale = x
	case "rave":
		sp.Rave = x
	default:
		sp.Widen = x
	}
	return nil
}

// String returns the spec in the form ParseSpec reads ("level:N" for a
// level, so that reports name levels as the user wrote them).
func (sp Spec) String() string {
	if sp.Level > 0 {
		return fmt.Sprintf("level:%d", sp.Level)
	}
	var opts []string
	add := func(k string, v any, set bool) {
		if set {
			opts = append(opts, fmt.Sprintf("%s=%v", k, v))
		}
	}
	nodesKey := "nodes"
	if sp.Algo == AlgoMCTS {
		nodesKey = "iters"
	}
	add("time", sp.Limits.Time, sp.Limits.Time > 0)
	add(nodesKey, sp.Limits.Nodes, sp.Limits.Nodes > 0)
	add("depth", sp.Limits.Depth, sp.Limits.Depth > 0)
	add("noise", sp.Noise, sp.Noise > 0)
	add("cutoff", sp.Cutoff, sp.Cutoff > 0)
	add("cap", sp.Cap, sp.Cap > 0)
	add("c", sp.Explore, sp.Explore > 0)
	add("scale", sp.Scale, sp.Scale > 0)
	add("order", 1, sp.Order)
	add("widen", sp.Widen, sp.Widen > 0)
	add("rave", sp.Rave, sp.Rave > 0)
	add("mast", sp.Mast, sp.Mast > 0)
	add("policy", 1, sp.Policy)
	add("solve", sp.Solve, sp.Solve > 0)
	add("prove", sp.Prove, sp.Prove > 0)
	add("solvetime", sp.SolveTime, sp.SolveTime > 0)
	add("multipv", sp.MultiPV, sp.MultiPV > 0)
	add("threads", sp.Threads, sp.Threads > 0)
	add("seed", sp.Seed, sp.Seed > 0)
	add("weights", sp.Weights, sp.Weights != "")
	add("net", sp.Net, sp.Net != "")
	if len(opts) == 0 {
		return sp.Algo
	}
	return sp.Algo + ":" + strings.Join(opts, ",")
}

// FormatWeights writes weights as ParseWeights reads them.
func FormatWeights(w []float64) string {
	parts := make([]string, len(w))
	for i, x := range w {
		parts[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return strings.Join(parts, "/")
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
