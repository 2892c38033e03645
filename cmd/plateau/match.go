package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strings"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/ai/match"
	"github.com/plateau-games/plateau/ai/net"
)

func cmdMatch(e *env, args []string) int {
	fs := newFlags(e, "match", "GAME AGENT_A AGENT_B [flags]", `
Play AGENT_A against AGENT_B and print the score from A's view, the Elo
difference with its 95% interval and the average game length. Games come
in pairs from the same random opening, colours swapped, so --games must
be even. The statistics count pairs, as fishtest does (pentanomial
model): "pairs [LL LD DD/WL WD WW]" gives how many pairs A scored 0,
0.5, 1, 1.5 and 2 out of 2, and the interval is the normal approximation
on the mean pair score. --sprt elo0,elo1,alpha,beta runs fishtest's
generalised SPRT on the pairs: H0 is an Elo difference of elo0, H1 one
of elo1 (logistic Elo, as printed); alpha is the chance of accepting H1
when H0 holds, beta that of accepting H0 when H1 holds.

Agents: random, level:N (1-8), top[:threads=2,time=1s] (level 8's search by
time on every core, or on the threads given), mcts:KEY=VALUE,... (time=100ms,
iters=5000, depth, cutoff, cap, c, scale, order, widen, rave, mast, policy,
solve, solvetime, noise, threads, seed), ab:KEY=VALUE,... (time=50ms, nodes,
depth, noise, solve, solvetime, threads, seed, weights=100/50/4: the
evaluation's weights, one a feature, as plateau train prints them;
net=FILE: the value network that plateau train --net wrote, scoring the
leaves instead). solve=N tries the endgame solver for N nodes before the
search; solvetime=250ms for that long, within time= when both are given.
Records: one JSON line per game, see docs/records.md.
Agents with threads take that many cores each: give them --concurrency 1.`)
	games := fs.Int("games", 100, "number of games, even: pairs with colours swapped")
	opening := fs.Int("opening-plies", 4, "random plies that open each pair of games")
	conc := fs.Int("concurrency", runtime.GOMAXPROCS(0), "games played at once")
	sprtText := fs.String("sprt", "", "stop when a sequential test decides: elo0,elo1,alpha,beta")
	records := fs.String("records", "", "write every counted game to this file, one JSON line per game (docs/records.md)")
	seed := fs.Uint64("seed", 1, "seed of the openings and agents")
	maxPlies := fs.Int("max-plies", match.DefaultMaxPlies, "count a game as a draw after this many plies")
	pos, st, done := parseInterleaved(e, fs, args)
	if done {
		return st
	}
	if len(pos) != 3 {
		return fail(e, fmt.Errorf("%w: plateau match GAME AGENT_A AGENT_B [--games N]", errUsage))
	}
	cfg, err := matchConfig(e, pos, *games, *opening, *conc, *maxPlies, *sprtText)
	if err != nil {
		return fail(e, err)
	}
	cfg.Seed = *seed
	if *records != "" {
		f, err := os.Create(*records)
		if err != nil {
			return fail(e, fmt.Errorf("plateau: records: %w", err))
		}
		cfg.Records = f
		st := runMatch(e, cfg)
		// The records were written: a failed close may have lost some.
		if err := f.Close(); err != nil && st == exitOK {
			return fail(e, fmt.Errorf("plateau: records: %w", err))
		}
		return st
	}
	return runMatch(e, cfg)
}

// parseSpec reads an agent spec for gameID and loads the network it
// names, if any (net=FILE): once, shared by every game's agent.
func parseSpec(text, gameID string) (ai.Spec, error) {
	sp, err := ai.ParseSpec(text, gameID)
	if err != nil {
		return ai.Spec{}, err
	}
	return net.LoadSpec(sp)
}

// runMatch plays the match, with a progress bar when stderr is a
// terminal, and prints the summary.
func runMatch(e *env, cfg match.Config) int {
	if isTerminalWriter(e.stderr) {
		cfg.Progress = func(done int, s match.Summary) { progressBar(e.stderr, done, cfg.Games, s) }
	}
	sum, err := match.Run(context.Background(), cfg)
	if cfg.Progress != nil {
		fmt.Fprint(e.stderr, "\r\033[K")
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "plateau: "+err.Error())
		return exitFailure
	}
	printSummary(e.stdout, cfg, sum)
	return exitOK
}

// matchConfig checks the arguments and builds the match.
func matchConfig(e *env, pos []string, games, opening, conc, maxPlies int, sprtText string) (match.Config, error) {
	if _, _, err := e.reg.Lookup(pos[0]); err != nil {
		return match.Config{}, err
	}
	switch {
	case games < 2 || games%2 != 0:
		return match.Config{}, fmt.Errorf("plateau: bad --games %d: want an even number, at least 2, as games come in pairs", games)
	case opening < 0:
		return match.Config{}, fmt.Errorf("plateau: bad --opening-plies %d: want 0 or more", opening)
	case conc < 1:
		return match.Config{}, fmt.Errorf("plateau: bad --concurrency %d: want at least 1", conc)
	case maxPlies < 1:
		return match.Config{}, fmt.Errorf("plateau: bad --max-plies %d: want at least 1", maxPlies)
	}
	cfg := match.Config{Reg: e.reg, GameID: pos[0], Games: games, OpeningPlies: opening,
		Concurrency: conc, MaxPlies: maxPlies}
	for i, text := range pos[1:] {
		sp, err := parseSpec(text, pos[0])
		if err != nil {
			return match.Config{}, err
		}
		p := match.Player{Name: sp.String(), New: func(seed uint64) (ai.Agent, error) { return agent.New(sp, seed) }}
		if i == 0 {
			cfg.A = p
		} else {
			cfg.B = p
		}
	}
	if sprtText != "" {
		t, err := match.ParseSPRT(sprtText)
		if err != nil {
			return match.Config{}, err
		}
		cfg.SPRT = &t
	}
	return cfg, nil
}

// parseInterleaved parses flags that may come after positional
// arguments ("match GAME A B --games 10"), as the flag package alone
// stops at the first positional one.
func parseInterleaved(e *env, fs *flag.FlagSet, args []string) (pos []string, status int, done bool) {
	if st, done := parseFlags(e, fs, args); done {
		return nil, st, true
	}
	rest := fs.Args()
	for len(rest) > 0 {
		if rest[0] == "--" {
			return append(pos, rest[1:]...), 0, false
		}
		pos = append(pos, rest[0])
		if err := fs.Parse(rest[1:]); err != nil {
			return nil, exitBadInput, true
		}
		rest = fs.Args()
	}
	return pos, 0, false
}

// printSummary prints the result. The interval and the SPRT come from
// the pair counts (the pentanomial model), the W-D-L line only informs.
func printSummary(w io.Writer, cfg match.Config, s match.Summary) {
	d, lo, hi := s.Elo()
	fmt.Fprintf(w, "%s: %s (A) versus %s (B), %d games in %d pairs\n", cfg.GameID, cfg.A.Name, cfg.B.Name, s.Games(), s.Pairs.N())
	fmt.Fprintf(w, "A: %d wins, %d draws, %d losses; score %.1f%%\n", s.Wins, s.Draws, s.Losses, 100*s.Score())
	p := s.Pairs
	fmt.Fprintf(w, "pairs [LL LD DD/WL WD WW]: %d %d %d %d %d\n", p[0], p[1], p[2], p[3], p[4])
	fmt.Fprintf(w, "Elo difference %s [95%%: %s, %s]\n", eloText(d), eloText(lo), eloText(hi))
	fmt.Fprintf(w, "average length %.1f plies\n", s.AvgLength())
	if cfg.SPRT != nil {
		lower, upper := cfg.SPRT.Bounds()
		verdict := map[string]string{"H0": "H0 accepted", "H1": "H1 accepted", "": "undecided"}[s.Decision]
		fmt.Fprintf(w, "SPRT elo0 %g elo1 %g: %s (LLR %.2f, bounds %.2f, %.2f)\n",
			cfg.SPRT.Elo0, cfg.SPRT.Elo1, verdict, cfg.SPRT.LLR(s.Pairs), lower, upper)
	}
}

func eloText(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.0f", x)
}

func progressBar(w io.Writer, done, total int, s match.Summary) {
	const width = 30
	n := width * done / max(total, 1)
	fmt.Fprintf(w, "\r[%s%s] %d/%d  +%d =%d -%d  %.1f%%", strings.Repeat("=", n), strings.Repeat(" ", width-n),
		done, total, s.Wins, s.Draws, s.Losses, 100*s.Score())
}

// isTerminalWriter tells whether w is a terminal, for the progress bar.
func isTerminalWriter(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && isTerminal(f)
}
