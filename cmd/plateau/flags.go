package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"
)

// newFlags returns a flag set whose --help prints usage and a description
// to stdout, and whose errors go to stderr.
func newFlags(e *env, name, args, doc string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		out := fs.Output()
		fmt.Fprintf(out, "Usage: plateau %s %s\n\n%s\n", name, args, strings.TrimSpace(doc))
		var hasFlags bool
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintln(out, "\nFlags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlags parses args; done is true when the command must return the
// given status at once (after --help, or a bad flag).
func parseFlags(e *env, fs *flag.FlagSet, args []string) (status int, done bool) {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "-help" || a == "--help" {
			fs.SetOutput(e.stdout)
			fs.Usage()
			return exitOK, true
		}
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK, true
		}
		return exitBadInput, true
	}
	return 0, false
}

// gameArgs reads "GAME [POSITION...]": a position holds spaces, so the
// remaining arguments are joined whether or not the user quoted them.
func gameArgs(args []string) (id, pos string) {
	if len(args) == 0 {
		return "", ""
	}
	return args[0], strings.Join(args[1:], " ")
}
