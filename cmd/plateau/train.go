package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/net"
	"github.com/plateau-games/plateau/ai/tune"
	"github.com/plateau-games/plateau/game"
)

// trainFlags are the arguments of `plateau train`.
type trainFlags struct {
	level, games, opening, skip int
	player, out                 string
	heldOut                     float64
	seed                        uint64
	net, hidden                 string // --net's file and its hidden layers' widths
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
	Net *netRun `json:"net,omitempty"` // with --net
}

// netRun is the report of --net: the network's shape, training and
// log-losses on the parts that tuning used.
type netRun struct {
	File          string  `json:"file"`
	Shape         string  `json:"shape"` // the widths of its layers, inputs first: 7-16-16-1
	TrainBefore   float64 `json:"trainLossBefore"`
	TrainAfter    float64 `json:"trainLossAfter"`
	HeldOutBefore float64 `json:"heldOutLossBefore"`
	HeldOutAfter  float64 `json:"heldOutLossAfter"`
	net.Result
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
to be measured with plateau match. With --net FILE, a small network
(package ai/net: the features through --net-hidden layers of rectified
units) is also trained on the same part by Adam on the log-loss, a
seeded tenth of that part deciding when to stop; its log-losses print
next to the weights', and FILE, for the spec key ab:net=FILE, holds it
with the scale K that puts its output in the evaluation's units. The
run depends only on its flags.`)
	var f trainFlags
	fs.IntVar(&f.level, "level", 4, "level of both sides (1-8)")
	fs.StringVar(&f.player, "player", "", "agent spec of both sides instead of --level (as plateau match)")
	fs.IntVar(&f.games, "games", 200, "number of games")
	fs.IntVar(&f.opening, "opening-plies", 4, "uniformly random plies that open each game")
	fs.IntVar(&f.skip, "skip-plies", 8, "plies from the start whose positions are not used")
	fs.Float64Var(&f.heldOut, "held-out", 0.2, "fraction of the positions held out")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the games and of the split")
	fs.StringVar(&f.out, "out", "", "write the run and its report to this file (JSON)")
	fs.StringVar(&f.net, "net", "", "also train a value network and write it to this file (JSON)")
	fs.StringVar(&f.hidden, "net-hidden", "16,16", "widths of the network's hidden layers, separated by commas")
	pos, st, done := parseInterleaved(e, fs, args)
	if done {
		return st
	}
	if len(pos) != 1 {
		return fail(e, fmt.Errorf("%w: plateau train GAME [--games N] [--level L] [--seed S] [--out FILE] [--net FILE]", errUsage))
	}
	run, err := train(e, pos[0], f)
	if err != nil {
		return fail(e, err)
	}
	printTrain(e, run)
	if run.Net != nil {
		printNet(e, run)
	}
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
	hidden, err := checkTrain(f)
	if err != nil {
		return trainRun{}, err
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
	var nr *netRun
	if f.net != "" {
		if nr, err = trainNet(samples, rep.K, hidden, f); err != nil {
			return trainRun{}, err
		}
	}
	rep.Names = fs.FeatureNames()
	rounded := make([]float64, len(rep.After))
	for i, w := range rep.After {
		rounded[i] = math.Round(w*10) / 10
	}
	return trainRun{Game: id, Player: name, Games: f.games, OpeningPlies: f.opening, SkipPlies: f.skip,
		HeldOutPart: f.heldOut, Seed: f.seed, Weights: ai.FormatWeights(rounded), Report: rep, Net: nr}, nil
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

// checkTrain checks the numeric flags and returns --net-hidden's widths.
func checkTrain(f trainFlags) ([]int, error) {
	switch {
	case f.games < 1:
		return nil, fmt.Errorf("plateau: bad --games %d: want at least 1", f.games)
	case f.opening < 0 || f.skip < 0:
		return nil, fmt.Errorf("plateau: bad --opening-plies %d or --skip-plies %d: want 0 or more", f.opening, f.skip)
	case !(f.heldOut >= 0 && f.heldOut < 1):
		return nil, fmt.Errorf("plateau: bad --held-out %v: want a fraction from 0 to below 1", f.heldOut)
	}
	return parseHidden(f.hidden)
}

// parseHidden reads --net-hidden: widths separated by commas.
func parseHidden(text string) ([]int, error) {
	var widths []int
	for _, f := range strings.Split(text, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > net.MaxWidth {
			return nil, fmt.Errorf("plateau: bad --net-hidden %q: want widths from 1 to %d separated by commas, such as 16,16", text, net.MaxWidth)
		}
		widths = append(widths, n)
	}
	if len(widths) >= net.MaxLayers {
		return nil, fmt.Errorf("plateau: bad --net-hidden %q: want at most %d layers", text, net.MaxLayers-1)
	}
	return widths, nil
}

// trainNet trains the network on the part of the samples that tuning
// trained on, measures it on both parts and writes it to f.net with the
// scale k.
func trainNet(samples []tune.Sample, k float64, hidden []int, f trainFlags) (*netRun, error) {
	train, test := tune.Split(samples, f.heldOut, f.seed)
	xs, ys := columns(train)
	txs, tys := columns(test)
	m, res, err := net.Train(xs, ys, net.TrainConfig{Hidden: hidden, Seed: f.seed})
	if err != nil {
		return nil, fmt.Errorf("plateau: %w", err)
	}
	m.K = k
	untrained, err := net.New(m.Inputs(), hidden, f.seed)
	if err != nil {
		return nil, fmt.Errorf("plateau: %w", err)
	}
	shape := []string{strconv.Itoa(m.Inputs())}
	for _, l := range m.Layers {
		shape = append(shape, strconv.Itoa(l.Out))
	}
	r := &netRun{File: f.net, Shape: strings.Join(shape, "-"), Result: res,
		TrainBefore: untrained.Loss(xs, ys), TrainAfter: m.Loss(xs, ys),
		HeldOutBefore: untrained.Loss(txs, tys), HeldOutAfter: m.Loss(txs, tys)}
	if err := m.Save(f.net); err != nil {
		return nil, fmt.Errorf("plateau: %w", err)
	}
	return r, nil
}

func columns(samples []tune.Sample) ([][]float64, []float64) {
	xs, ys := make([][]float64, len(samples)), make([]float64, len(samples))
	for i, s := range samples {
		xs[i], ys[i] = s.Features, s.Result
	}
	return xs, ys
}

// printNet prints the network's losses next to the weights'.
func printNet(e *env, r trainRun) {
	n := r.Net
	fmt.Fprintf(e.stdout, "network %s: %d epochs, kept epoch %d; written to %s (spec key: net=%s)\n", n.Shape, n.Epochs, n.Best, n.File, n.File)
	fmt.Fprintf(e.stdout, "log-loss   train %.4f -> %.4f   held out %.4f -> %.4f   (untrained -> trained)\n", n.TrainBefore, n.TrainAfter, n.HeldOutBefore, n.HeldOutAfter)
	fmt.Fprintf(e.stdout, "held out: network %.4f, tuned weights %.4f, compiled-in weights %.4f\n", n.HeldOutAfter, r.HeldOutAfter, r.HeldOutBefore)
}
