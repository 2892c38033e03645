package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/internal/lab"
)

// labFlags are the arguments of `plateau lab`.
type labFlags struct {
	level, games, opening, conc, maxPlies int
	player, judge, merge, db, start       string
	seed                                  uint64
	asJSON                                bool
}

func cmdLab(e *env, args []string) int {
	fs := newFlags(e, "lab", "GAME [flags]", `
Measure a game: play it against itself at a level (or with --player,
any agent spec) and report the first player's win rate, the draw rate
and the average length with their 95% intervals (Wilson for rates), the
mean number of legal moves in each tenth of the games, and the
decisiveness: how often the side the judge finds ahead at mid-game (win
probability beyond 0.5±0.05) wins. Each game opens with
--opening-plies uniformly random plies, as deterministic agents would
otherwise repeat one game. Game i depends only on --seed and i, so a
run is the same at any --concurrency.

With --db, the finished games of the server's store (a SQLite path or a
postgres:// URL) for GAME are measured instead, as they were played.
--json prints the report as JSON; --merge FILE adds it to a game's data
file (games/<game>/data/lab.json, which the server publishes), in
place of an earlier run of the same id, source and level.`)
	var f labFlags
	fs.IntVar(&f.level, "level", 5, "level of both sides (1-8)")
	fs.StringVar(&f.player, "player", "", "agent spec of both sides instead of --level (as plateau match)")
	fs.StringVar(&f.judge, "judge", "level:6", "agent spec judging mid-game positions; \"none\" to skip")
	fs.IntVar(&f.games, "games", 100, "number of games")
	fs.IntVar(&f.opening, "opening-plies", 2, "uniformly random plies that open each game")
	fs.IntVar(&f.conc, "concurrency", 1, "games played at once")
	fs.IntVar(&f.maxPlies, "max-plies", lab.DefaultMaxPlies, "count a game as a draw after this many plies")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the openings and agents")
	fs.BoolVar(&f.asJSON, "json", false, "print the report as JSON")
	fs.StringVar(&f.merge, "merge", "", "add the report to this data file (JSON)")
	fs.StringVar(&f.start, "start", "", "start position of every self-play game instead of the game's own")
	fs.StringVar(&f.db, "db", "", "measure the finished games of this store instead of self-play")
	pos, st, done := parseInterleaved(e, fs, args)
	if done {
		return st
	}
	if len(pos) != 1 {
		return fail(e, fmt.Errorf("%w: plateau lab GAME [--level N] [--games N]", errUsage))
	}
	rep, err := labReport(e, pos[0], f)
	if err != nil {
		return fail(e, err)
	}
	return labOutput(e, f, rep)
}

// labReport checks the arguments, plays or reads the games and sums
// them up.
func labReport(e *env, id string, f labFlags) (lab.Report, error) {
	if _, _, err := e.reg.Lookup(id); err != nil {
		return lab.Report{}, err
	}
	judge, judgeName, err := labAgent(id, f.judge)
	if err != nil {
		return lab.Report{}, err
	}
	rep := lab.Report{ID: id, Judge: judgeName}
	if f.db != "" {
		rep.Source = lab.Human
		games, err := labStoreGames(e, f.db, id, judge)
		rep.Stats = lab.Summarize(games)
		return rep, err
	}
	return labSelfPlay(e, rep, judge, f)
}

// labSelfPlay plays rep's games against themselves and sums them up.
func labSelfPlay(e *env, rep lab.Report, judge lab.NewAgent, f labFlags) (lab.Report, error) {
	spec := f.player
	if spec == "" {
		spec = fmt.Sprintf("level:%d", f.level)
	}
	player, name, err := labAgent(rep.ID, spec)
	if err != nil || player == nil {
		return lab.Report{}, fmt.Errorf("plateau: --player: %w", err)
	}
	switch {
	case f.games < 1:
		return lab.Report{}, fmt.Errorf("plateau: bad --games %d: want at least 1", f.games)
	case f.opening < 0:
		return lab.Report{}, fmt.Errorf("plateau: bad --opening-plies %d: want 0 or more", f.opening)
	case f.conc < 1:
		return lab.Report{}, fmt.Errorf("plateau: bad --concurrency %d: want at least 1", f.conc)
	}
	rep.Source, rep.Player, rep.OpeningPlies, rep.Seed, rep.Start = lab.SelfPlay, name, f.opening, f.seed, f.start
	if f.player == "" {
		rep.Level = f.level
	}
	cfg := lab.Config{Reg: e.reg, GameID: rep.ID, Start: f.start, Player: player, Judge: judge, Games: f.games,
		OpeningPlies: f.opening, MaxPlies: f.maxPlies, Concurrency: f.conc, Seed: f.seed}
	if isTerminalWriter(e.stderr) {
		cfg.Progress = func(done int) { fmt.Fprintf(e.stderr, "\r%d/%d games", done, f.games) }
	}
	games, err := lab.Run(context.Background(), cfg)
	if cfg.Progress != nil {
		fmt.Fprint(e.stderr, "\r\033[K")
	}
	rep.Stats = lab.Summarize(games)
	return rep, err
}

// labAgent parses a spec into an agent factory and its printed name;
// "none" is no agent.
func labAgent(id, text string) (lab.NewAgent, string, error) {
	if text == "none" || text == "" {
		return nil, "", nil
	}
	sp, err := parseSpec(text, id)
	if err != nil {
		return nil, "", err
	}
	return func(seed uint64) (ai.Agent, error) { return agent.New(sp, seed) }, sp.String(), nil
}

// labOutput prints the report and merges it into --merge's file.
func labOutput(e *env, f labFlags, rep lab.Report) int {
	if f.asJSON {
		b, _ := json.MarshalIndent(rep, "", "  ")
		fmt.Fprintln(e.stdout, string(b))
	} else if err := lab.WriteTable(e.stdout, rep); err != nil {
		return fail(e, err)
	}
	if f.merge == "" {
		return exitOK
	}
	if err := labMerge(f.merge, e.reg, rep); err != nil {
		fmt.Fprintln(e.stderr, "plateau: "+err.Error())
		return exitFailure
	}
	return exitOK
}
