package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/tune"
	"github.com/plateau-games/plateau/game"
)

// trainFlags are the arguments of `plateau train`.
type trainFlags struct {
	level, games, opening, skip int
	player, out                 string
	heldOut                     float64
	seed                        uint64
}

// trainRun is what --out writes: the run's arguments and its report.
type trainRun struct {
	Game         string  `json:"game"`
	Player       string  `json:"player"`
	Games        int     `json:"games"`
	OpeningPlies int     `json:"openingPlies"`
	SkipPlies    int     `json:"skipPlies"`
	HeldOutPart  float64 `json:"heldOutFraction"`
	Seed         uint64  `json:"seed"`
	Weights      string  `json:"weights"` // the tuned weights as the spec key takes them
	tune.Report
}

func cmdTrain(e *env, args []string) int {
	fs := newFlags(e, "train", "GAME [flags]", `
Tune the weights of GAME's evaluation on self-play games (Texel): the
agent at --level (or --player) plays --games games against itself, each
opened by --opening-plies random plies; every position after
--skip-plies is labelled with the game's result for its player to act.
A seeded fifth (--held-out) of the positions is held out; the logistic
scale K of the compiled-in weights is fitted first, then the weights at
that K. Prints the log-loss before and after on both parts and the
tuned weights as an alpha-beta spec key (ab:nodes=20000,weights=...),
to be measured with plateau match. The run depends only on its flags.`)
	var f trainFlags
	fs.IntVar(&f.level, "level", 4, "level of both sides (1-8)")
	fs.StringVar(&f.player, "player", "", "agent spec of both sides instead of --level (as plateau match)")
	fs.IntVar(&f.games, "games", 200, "number of games")
	fs.IntVar(&f.opening, "opening-plies", 4, "uniformly random plies that open each game")
	fs.IntVar(&f.skip, "skip-plies", 8, "plies from the start whose positions are not used")
	fs.Float64Var(&f.heldOut, "held-out", 0.2, "fraction of the positions held out")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the games and of the split")
	fs.StringVar(&f.out, "out", "", "write the run and its report to this file (JSON)")
	pos, st, done := parseInterleaved(e, fs, args)
	if done {
		return st
	}
	if len(pos) != 1 {
		return fail(e, fmt.Errorf("%w: plateau train GAME [--games N] [--level L] [--seed S] [--out FILE]", errUsage))
	}
	run, err := train(e, pos[0], f)
	if err != nil {
		return fail(e, err)
	}
	printTrain(e, run)
	if f.out != "" {
		b, _ := json.MarshalIndent(run, "", "  ")
		if err := os.WriteFile(f.out, append(b, '\n'), 0o644); err != nil {
			fmt.Fprintln(e.stderr, "plateau: "+err.Error())
			return exitFailure
		}
	}
	return exitOK
}

// train checks the arguments, plays the games and tunes.
func train(e *env, id string, f trainFlags) (trainRun, error) {
	start, err := e.reg.New(id, "")
	if err != nil {
		return trainRun{}, err
	}
	fs, ok := start.(game.Featurer)
	if !ok {
		return trainRun{}, fmt.Errorf("plateau: %s: %w", id, tune.ErrNoFeatures)
	}
	switch {
	case f.games < 1:
		return trainRun{}, fmt.Errorf("plateau: bad --games %d: want at least 1", f.games)
	case f.opening < 0 || f.skip < 0:
		return trainRun{}, fmt.Errorf("plateau: bad --opening-plies %d or --skip-plies %d: want 0 or more", f.opening, f.skip)
	case !(f.heldOut >= 0 && f.heldOut < 1):
		return trainRun{}, fmt.Errorf("plateau: bad --held-out %v: want a fraction from 0 to below 1", f.heldOut)
	}
	spec := f.player
	if spec == "" {
		spec = fmt.Sprintf("level:%d", f.level)
	}
	newAgent, name, err := labAgent(id, spec)
	if err != nil || newAgent == nil {
		return trainRun{}, fmt.Errorf("plateau: --player: %w", err)
	}
	samples, err := tune.Generate(context.Background(), tune.Config{Start: start, NewAgent: newAgent, Games: f.games,
		OpeningPlies: f.opening, SkipPlies: f.skip, Seed: f.seed})
	if err != nil {
		return trainRun{}, err
	}
	rep, err := tune.Tune(samples, fs.EvalWeights(), f.heldOut, f.seed, tune.FitConfig{})
	if err != nil {
		return trainRun{}, err
	}
	rep.Names = fs.FeatureNames()
	rounded := make([]float64, len(rep.After))
	for i, w := range rep.After {
		rounded[i] = math.Round(w*10) / 10
	}
	return trainRun{Game: id, Player: name, Games: f.games, OpeningPlies: f.opening, SkipPlies: f.skip,
		HeldOutPart: f.heldOut, Seed: f.seed, Weights: ai.FormatWeights(rounded), Report: rep}, nil
}

// printTrain prints the losses and the weights, one feature a line.
func printTrain(e *env, r trainRun) {
	w := e.stdout
	fmt.Fprintf(w, "%s: %d games of %s, seed %d: %d positions trained on, %d held out\n", r.Game, r.Games, r.Player, r.Seed, r.Train, r.HeldOut)
	fmt.Fprintf(w, "scale K %.1f (evaluation units per unit of log-odds)\n", r.K)
	fmt.Fprintf(w, "log-loss   train %.4f -> %.4f   held out %.4f -> %.4f\n", r.TrainBefore, r.TrainAfter, r.HeldOutBefore, r.HeldOutAfter)
	fmt.Fprintf(w, "%-16s %10s %10s\n", "feature", "before", "after")
	for i, n := range r.Names {
		fmt.Fprintf(w, "%-16s %10.1f %10.1f\n", n, r.Before[i], r.After[i])
	}
	fmt.Fprintf(w, "spec key: weights=%s\n", r.Weights)
}
