package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// version is the program version reported by "plateau version" and the
// engine's info command.
const version = "0.1.0"

// Exit statuses: 2 is the spec's status for bad input.
const (
	exitOK       = 0
	exitFailure  = 1
	exitBadInput = 2
)

// env is what a command may touch: no command reads os.Args or the
// process's files directly, so tests run them in-process.
type env struct {
	reg    *game.Registry
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	isTTY  bool // stdout is a terminal
	getenv func(string) string
}

// command is one subcommand.
type command struct {
	summary string
	run     func(e *env, args []string) int
}

func commands() map[string]command {
	return map[string]command{
		"moves":    {"print the legal moves of a position", cmdMoves},
		"perft":    {"count move sequences to a depth", cmdPerft},
		"show":     {"draw a position in the terminal", cmdShow},
		"engine":   {"speak the engine protocol on stdin/stdout", cmdEngine},
		"games":    {"list the games and their options", cmdGames},
		"version":  {"print the version", cmdVersion},
		"serve":    {"serve the games over HTTP and WebSocket", cmdServe},
		"loadtest": {"load a running server with many games", cmdLoadtest},
		"match":    {"play two agents against each other", cmdMatch},
		"replay":   {"step through a recorded game", cmdReplay},
		"record":   {"convert and check readable game records", cmdRecord},
		"play":     {"play a game in the terminal, against the AI or a friend", cmdPlay},
		"backup":   {"copy the games database, consistently, while it is in use", cmdBackup},
		"solve":    {"prove the result of a late position with the endgame solver", cmdSolve},
		"prove":    {"prove who wins a position and write or check a certificate", cmdProve},
		"puzzles":  {"mine and verify puzzles from AI games", cmdPuzzles},
		"lab":      {"measure a game from self-play or stored games", cmdLab},
		"train":    {"tune a game's evaluation weights on self-play games", cmdTrain},
		"tourney":  {"create an official recurring series of tournaments", cmdTournament},
		"bot":      {"connect an engine to a bot account of a server", cmdBot},
		"admin":    {"give a player a role: administrator, moderator", cmdAdmin},
		"screen":   {"measure the fair-play screening on AI-level games", cmdScreen},
	}
}

func main() {
	e := &env{reg: registry(), stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, isTTY: isTerminal(os.Stdout), getenv: os.Getenv}
	os.Exit(run(e, os.Args[1:]))
}

func run(e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr, e.reg)
		return exitBadInput
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			if c, ok := commands()[args[1]]; ok {
				return c.run(e, []string{"--help"})
			}
		}
		usage(e.stdout, e.reg)
		return exitOK
	}
	c, ok := commands()[name]
	if !ok {
		fmt.Fprintf(e.stderr, "plateau: unknown command %q (run \"plateau help\")\n", name)
		return exitBadInput
	}
	return c.run(e, args[1:])
}

// usage names the games of the registry, the one list, rather than its
// own copy.
func usage(w io.Writer, reg *game.Registry) {
	var titles []string
	for _, g := range reg.Games() {
		titles = append(titles, g.Title)
	}
	fmt.Fprintf(w, "plateau: the Plateau board games (%s)\n\nUsage: plateau COMMAND [ARGS]\n\nCommands:\n", strings.Join(titles, ", "))
	cmds := commands()
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-9s %s\n", n, cmds[n].summary)
	}
	fmt.Fprint(w, "\nRun \"plateau COMMAND --help\" for a command's arguments.\n")
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// fail prints one error line and returns the bad-input status. Errors from
// the games already carry their package prefix.
func fail(e *env, err error) int {
	msg := err.Error()
	if !strings.HasPrefix(msg, "plateau") {
		msg = "plateau: " + msg
	}
	fmt.Fprintln(e.stderr, msg)
	return exitBadInput
}
