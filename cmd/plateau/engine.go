package main

import "github.com/plateau-games/plateau/internal/engine"

// maxLine is the engine's longest command line, which its tests check.
const maxLine = engine.MaxLine

func cmdEngine(e *env, args []string) int {
	fs := newFlags(e, "engine", "", `
Speak the engine protocol on stdin and stdout: one command a line, each
answer ending with "ok" or "err <message>". See docs/protocol.md.`)
	if st, done := parseFlags(e, fs, args); done {
		return st
	}
	engine.New(e.reg, version).Serve(e.stdin, e.stdout)
	return exitOK
}
