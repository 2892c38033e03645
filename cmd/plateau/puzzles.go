package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/puzzles"
)

func cmdPuzzles(e *env, args []string) int {
	if len(args) > 0 && args[0] == "verify" {
		return puzzlesVerify(e, args[1:])
	}
	if len(args) == 0 || args[0] != "mine" {
		if len(args) > 0 && (args[0] == "--help" || args[0] == "-h" || args[0] == "-help") {
			fmt.Fprint(e.stdout, "Usage: plateau puzzles mine GAME --count N [flags]\n       plateau puzzles verify GAME [--file FILE]\n\nRun \"plateau puzzles mine --help\" for the flags.\n")
			return exitOK
		}
		return fail(e, fmt.Errorf("%w: plateau puzzles mine|verify GAME", errUsage))
	}
	return puzzlesMine(e, args[1:])
}

func puzzlesMine(e *env, args []string) int {
	fs := newFlags(e, "puzzles mine", "GAME --count N", `
Play AI games of GAME (the agents of --levels, in turn) and look at the
--back last positions of each: a position is a puzzle when exactly one
move forces a win within the fewest decisions (up to --plies), proved by
an exhaustive search over every reply. Otherwise, with --kinds deep, it
is a deep puzzle (a win longer than --plies) when the solvers (solver.Winning,
proof-number then alpha-beta, puzzles.DeepNodes a move) prove one move
alone wins and every other does not; its plies are the fewest within
which the prover's strategy wins, walked against every reply. Otherwise
it is a "save the game" puzzle when every move but one lets the opponent force a win within
--plies+1 decisions and the endgame solver (solver.Saving, --nodes) proves
that one not lost. Each puzzle is proved again, tagged by the features of
its solution (in-N or save, ends, capture, score, gift, again, quiet) and
by the game's themes (games/GAME/data/themes.json), and
added to --out (default games/GAME/data/puzzles.json,
run from the repository's root), whose puzzles are kept and not mined
again. It stops after --count new puzzles or --time.`)
	count := fs.Int("count", 200, "new puzzles to find")
	levels := fs.String("levels", "level:3,level:4,level:5", "agent specs the games alternate through, comma separated")
	seed := fs.Uint64("seed", 1, "seed of the first game's agents")
	back := fs.Int("back", 12, "positions looked at before each game's end")
	plies := fs.Int("plies", puzzles.ExhaustivePlies, "longest forced win looked for by exhaustive search, in decisions (at most 3)")
	nodes := fs.Int64("nodes", 3_000_000, "node limit of one position's search")
	maxGame := fs.Int("max-game", 400, "drop games longer than this many plies")
	limit := fs.Duration("time", 0, "stop after this long (0: no limit)")
	out := fs.String("out", "", "puzzle file (default games/GAME/data/puzzles.json)")
	kinds := fs.String("kinds", "win,save", "kinds of puzzle looked for, comma separated: win, deep (slow: seconds a position), save")
	pos, st, done := parseInterleaved(e, fs, args)
	if done {
		return st
	}
	if len(pos) != 1 || *count < 1 {
		return fail(e, fmt.Errorf("%w: plateau puzzles mine GAME --count N", errUsage))
	}
	g, _, err := e.reg.Lookup(pos[0])
	if err != nil {
		return fail(e, err)
	}
	file := *out
	if file == "" {
		file = filepath.Join("games", g.Name, "data", puzzles.PuzzlesFile)
	}
	themes, known, err := readPuzzleFiles(g, file)
	if err != nil {
		return fail(e, err)
	}
	ctx := context.Background()
	if *limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *limit)
		defer cancel()
	}
	ids := map[string]bool{}
	for _, p := range known {
		ids[p.ID] = true
	}
	start := time.Now()
	cfg := puzzles.MineConfig{Game: pos[0], Count: *count, Levels: strings.Split(*levels, ","), Seed: *seed,
		Back: *back, MaxPlies: *plies, Nodes: *nodes, MaxGame: *maxGame, Kinds: strings.Split(*kinds, ","),
		Themes: themes, Known: ids,
		Progress: func(games, found int) {
			fmt.Fprintf(e.stderr, "\r%d games, %d puzzles, %v", games, found, time.Since(start).Round(time.Second))
		}}
	found, err := puzzles.Mine(ctx, e.reg, cfg)
	fmt.Fprintln(e.stderr)
	if err != nil {
		return fail(e, err)
	}
	all := puzzles.Merge(known, found)
	data, err := puzzles.Encode(all)
	if err == nil {
		err = os.WriteFile(file, data, 0o644)
	}
	if err != nil {
		return fail(e, err)
	}
	fmt.Fprintf(e.stdout, "%s: %d new puzzles, %d in %s, %v\n", pos[0], len(found), len(all), file, time.Since(start).Round(time.Second))
	return exitOK
}

// readPuzzleFiles reads a game's themes (beside the puzzle file, or the
// shipped ones) and the puzzles already in file, if any.
func readPuzzleFiles(g game.Game, file string) ([]puzzles.Theme, []puzzles.Puzzle, error) {
	data, err := os.ReadFile(filepath.Join(filepath.Dir(file), puzzles.ThemesFile))
	var themes []puzzles.Theme
	switch {
	case err == nil:
		// The file holds the English; the game's catalogs the rest.
		if data, err = game.FillTexts(g, data); err == nil {
			themes, err = puzzles.Themes(data)
		}
	case errors.Is(err, fs.ErrNotExist):
		themes, err = puzzles.GameThemes(g)
	}
	if err != nil {
		return nil, nil, err
	}
	data, err = os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return themes, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	known, err := puzzles.Decode(data)
	return themes, known, err
}

func puzzlesVerify(e *env, args []string) int {
	fs := newFlags(e, "puzzles verify", "GAME [--file FILE]", `
Prove every puzzle of FILE (default: the shipped puzzles of GAME) again
by exhaustive search, and print how many passed; the first failure is
printed and the status is 1.`)
	file := fs.String("file", "", "puzzle file (default: the shipped one)")
	pos, st, done := parseInterleaved(e, fs, args)
	if done {
		return st
	}
	if len(pos) != 1 {
		return fail(e, fmt.Errorf("%w: plateau puzzles verify GAME", errUsage))
	}
	g, _, err := e.reg.Lookup(pos[0])
	if err != nil {
		return fail(e, err)
	}
	name := *file
	if name == "" {
		name = filepath.Join("games", g.Name, "data", puzzles.PuzzlesFile)
	}
	themes, ps, err := readPuzzleFiles(g, name)
	if err != nil {
		return fail(e, err)
	}
	for _, p := range ps {
		if err := puzzles.Verify(e.reg, themes, p); err != nil {
			fmt.Fprintln(e.stderr, "plateau:", err)
			return exitFailure
		}
	}
	fmt.Fprintf(e.stdout, "%s: %d puzzles proved\n", g.Name, len(ps))
	return exitOK
}
