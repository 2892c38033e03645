package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/engine"
)

var errUsage = errors.New("plateau: usage")

func cmdMoves(e *env, args []string) int {
	fs := newFlags(e, "moves", "GAME [POSITION]", `
Print every legal move of POSITION (default: the start position), one per
line, sorted by byte order. A finished game prints nothing. A bad game id
or position prints one error line and exits with status 2.`)
	if st, done := parseFlags(e, fs, args); done {
		return st
	}
	if fs.NArg() < 1 {
		return fail(e, fmt.Errorf("%w: plateau moves GAME [POSITION]", errUsage))
	}
	s, err := e.reg.New(gameArgs(fs.Args()))
	if err != nil {
		return fail(e, err)
	}
	for _, m := range game.MoveStrings(s) {
		fmt.Fprintln(e.stdout, m)
	}
	return exitOK
}

func cmdPerft(e *env, args []string) int {
	fs := newFlags(e, "perft", "GAME DEPTH [POSITION]", `
Print "perft D N" for D = 1 .. DEPTH, where N is the number of move
sequences of length D from POSITION (default: the start position).
Repetition is not counted. -divide prints the count below each move of
the last depth instead, to find a disagreement with another program.`)
	divide := fs.Bool("divide", false, "print per-move counts at DEPTH")
	if st, done := parseFlags(e, fs, args); done {
		return st
	}
	if fs.NArg() < 2 {
		return fail(e, fmt.Errorf("%w: plateau perft GAME DEPTH [POSITION]", errUsage))
	}
	a := fs.Args()
	depth, err := strconv.Atoi(a[1])
	if err != nil || depth < 1 || depth > 64 {
		return fail(e, fmt.Errorf("plateau: bad depth %q: want a whole number from 1 to 64", a[1]))
	}
	s, err := e.reg.New(a[0], strings.Join(a[2:], " "))
	if err != nil {
		return fail(e, err)
	}
	if *divide {
		printDivide(e, s, depth)
		return exitOK
	}
	for d := 1; d <= depth; d++ {
		fmt.Fprintf(e.stdout, "perft %d %d\n", d, game.Perft(s, d))
	}
	return exitOK
}

func printDivide(e *env, s game.State, depth int) {
	counts := game.Divide(s, depth)
	moves := game.MoveStrings(s)
	var total uint64
	for _, m := range moves {
		fmt.Fprintf(e.stdout, "%s %d\n", m, counts[m])
		total += counts[m]
	}
	fmt.Fprintf(e.stdout, "total %d\n", total)
}

func cmdShow(e *env, args []string) int {
	fs := newFlags(e, "show", "GAME [POSITION]", `
Draw POSITION (default: the start position) with its coordinates, whose
turn it is, the result and the legal move count.`)
	colorFlag := fs.String("color", "auto", "use colour: auto (when stdout is a terminal and NO_COLOR is unset), always or never")
	if st, done := parseFlags(e, fs, args); done {
		return st
	}
	if fs.NArg() < 1 {
		return fail(e, fmt.Errorf("%w: plateau show GAME [POSITION]", errUsage))
	}
	color, err := useColor(e, *colorFlag)
	if err != nil {
		return fail(e, err)
	}
	id, _ := gameArgs(fs.Args())
	s, err := e.reg.New(gameArgs(fs.Args()))
	if err != nil {
		return fail(e, err)
	}
	g, _, _ := e.reg.Lookup(id)
	fmt.Fprint(e.stdout, describe(g, s, color))
	return exitOK
}

// describe draws a state and says whose move it is or how it ended.
func describe(g game.Game, s game.State, color bool) string {
	return engine.Describe(g, s, color)
}

func resultWords(g game.Game, r game.Result) string {
	return engine.ResultWords(g, r)
}

func useColor(e *env, mode string) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		return e.isTTY && e.getenv("NO_COLOR") == "", nil
	}
	return false, fmt.Errorf("plateau: bad --color %q: want auto, always or never", mode)
}

func cmdGames(e *env, args []string) int {
	fs := newFlags(e, "games", "", "List the games this binary offers, with their options.")
	if st, done := parseFlags(e, fs, args); done {
		return st
	}
	for _, g := range e.reg.Games() {
		fmt.Fprintf(e.stdout, "%s (%s): %s versus %s\n", g.Name, g.Title, g.Players[0], g.Players[1])
		for _, o := range g.Options {
			fmt.Fprintf(e.stdout, "  %s=%s  (default %s) %s\n", o.Name, strings.Join(o.Values, "|"), o.Default, o.Doc)
		}
	}
	return exitOK
}

func cmdVersion(e *env, args []string) int {
	fs := newFlags(e, "version", "", "Print the program version.")
	if st, done := parseFlags(e, fs, args); done {
		return st
	}
	fmt.Fprintln(e.stdout, "plateau", version)
	return exitOK
}
