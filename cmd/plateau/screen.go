package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/internal/moderation/screening"
)

func cmdScreen(e *env, args []string) int {
	fs := newFlags(e, "screen", "[--game ID] [--levels 1,2,...] [--games N] [--window N] [--depth D] [--out NORM] | --db DB --norm NORM", `
Measure the fair-play screening statistic on honest AI-level games
(docs/moderation.md): each level plays --games games against itself
after a few random plies; the first half fits honest play's match rate
and loss per move at the level's rating, the second half is judged in
windows of --window games per seat, each window an honest player: the
flagged share is the false-positive rate; --out writes the fitted norm.
With --db, screen the rated players of the game's pool on that database
against --norm: a flagged player is queued for the moderators as a
"screening" report.`)
	gameID := fs.String("game", "oshi", "game id")
	levels := fs.String("levels", "1,2,3,4,5,6", "AI levels, comma separated")
	games := fs.Int("games", 40, "games per level")
	window := fs.Int("window", 5, "games per judged player")
	depth := fs.Int("depth", 3, "the reference engine's alpha-beta depth")
	seed := fs.Uint64("seed", 1, "random seed")
	workers := fs.Int("workers", 1, "games played at once")
	out := fs.String("out", "", "write the fitted norm to this file")
	db := fs.String("db", "", "screen this database's players (SQLite file or postgres:// DSN)")
	normFile := fs.String("norm", "", "the norm to judge by (with --db)")
	if st, done := parseFlags(e, fs, args); done {
		return st
	}
	sc := &screening.Screener{Registry: e.reg, Reference: screening.Reference(*depth)}
	if *db != "" {
		return screenDB(e, *db, *normFile, *gameID, sc)
	}
	ls, err := parseLevels(*levels)
	if err != nil {
		return fail(e, err)
	}
	c := screening.Calibration{GameID: *gameID, Games: *games, Window: *window, Opening: 4, Seed: *seed, Workers: *workers}
	norm, res, err := c.Run(context.Background(), sc, ls)
	if err != nil {
		return fail(e, err)
	}
	if *out != "" {
		b, _ := json.MarshalIndent(norm, "", "  ")
		if err := os.WriteFile(*out, append(b, '\n'), 0o644); err != nil {
			return fail(e, fmt.Errorf("plateau screen: %w", err))
		}
	}
	printCalibration(e, res, *depth, *gameID)
	return exitOK
}

func parseLevels(text string) ([]int, error) {
	var ls []int
	for _, f := range strings.Split(text, ",") {
		l, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("%w: bad level %q", errUsage, f)
		}
		ls = append(ls, l)
	}
	return ls, nil
}

func printCalibration(e *env, res []screening.LevelResult, depth int, gameID string) {
	fmt.Fprintf(e.stdout, "level rating  match  loss/move  judged-players flagged caught-at-lowest  (reference: alpha-beta depth %d, %s)\n", depth, gameID)
	flags, players := 0, 0
	for _, r := range res {
		fmt.Fprintf(e.stdout, "%5d %6.0f %6.3f %9.4f %15d %7d %16d\n", r.Level, r.Rating, r.Fit.MatchRate(), r.Fit.MeanLoss(), r.Players, r.Flags, r.Caught)
		flags, players = flags+r.Flags, players+r.Players
	}
	fmt.Fprintf(e.stdout, "false-positive rate: %d/%d\n", flags, players)
}
