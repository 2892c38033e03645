package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/internal/moderation/screening"
)

func cmdScreen(e *env, args []string) int {
	fs := newFlags(e, "screen", "[--game ID] [--levels 1,2,...] [--games N] [--window N] [--depth D]", `
Measure the fair-play screening statistic on honest AI-level games
(docs/moderation.md): each level plays --games games against itself
after a few random plies; the first half fits honest play's match rate
and loss per move at the level's rating, the second half is judged in
windows of --window games per seat, each window an honest player: the
flagged share is the false-positive rate.`)
	gameID := fs.String("game", "oshi", "game id")
	levels := fs.String("levels", "1,2,3,4,5,6", "AI levels, comma separated")
	games := fs.Int("games", 40, "games per level")
	window := fs.Int("window", 5, "games per judged player")
	depth := fs.Int("depth", 3, "the reference engine's alpha-beta depth")
	seed := fs.Uint64("seed", 1, "random seed")
	workers := fs.Int("workers", 1, "games played at once")
	if st, done := parseFlags(e, fs, args); done {
		return st
	}
	var ls []int
	for _, f := range strings.Split(*levels, ",") {
		l, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return fail(e, fmt.Errorf("%w: bad level %q", errUsage, f))
		}
		ls = append(ls, l)
	}
	sc := &screening.Screener{Registry: e.reg, Reference: screening.Reference(*depth)}
	c := screening.Calibration{GameID: *gameID, Games: *games, Window: *window, Opening: 4, Seed: *seed, Workers: *workers}
	_, res, err := c.Run(context.Background(), sc, ls)
	if err != nil {
		return fail(e, err)
	}
	fmt.Fprintf(e.stdout, "level rating  match  loss/move  judged-players flagged  (reference: alpha-beta depth %d, %s)\n", *depth, *gameID)
	flags, players := 0, 0
	for _, r := range res {
		fmt.Fprintf(e.stdout, "%5d %6.0f %6.3f %9.4f %15d %7d\n", r.Level, r.Rating, r.Fit.MatchRate(), r.Fit.MeanLoss(), r.Players, r.Flags)
		flags, players = flags+r.Flags, players+r.Players
	}
	fmt.Fprintf(e.stdout, "false-positive rate: %d/%d\n", flags, players)
	return exitOK
}
