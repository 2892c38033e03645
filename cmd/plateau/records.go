package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/plateau-games/plateau/game/record"
	"github.com/plateau-games/plateau/internal/records"
)

func cmdRecord(e *env, args []string) int {
	fs := newFlags(e, "record", "to-text FILE [N] | from-text FILE | check FILE", `
Convert between the JSON lines records (of "plateau match --records" and
the server's export) and the readable record (docs/records.md), or check
a readable record. to-text writes every game of FILE, or game N (its id
or place), as readable records; from-text reads a readable record and
writes its JSON line; check replays a readable record and prints its
final position. FILE "-" is the standard input.`)
	pos, st, done := parseInterleaved(e, fs, args)
	if done {
		return st
	}
	switch {
	case len(pos) >= 2 && pos[0] == "to-text" && len(pos) <= 3:
		return recordToText(e, pos[1:])
	case len(pos) == 2 && pos[0] == "from-text":
		return recordFromText(e, pos[1], false)
	case len(pos) == 2 && pos[0] == "check":
		return recordFromText(e, pos[1], true)
	}
	return fail(e, fmt.Errorf("%w: plateau record to-text FILE [N] | from-text FILE | check FILE", errUsage))
}

// recordToText writes JSON lines records as readable ones.
func recordToText(e *env, args []string) int {
	var recs []record.Record
	if len(args) == 2 {
		r, err := findRecord(args[0], args[1])
		if err != nil {
			return fail(e, err)
		}
		recs = []record.Record{r}
	} else {
		b, err := readInput(e, args[0])
		if err != nil {
			return fail(e, err)
		}
		if recs, err = record.Read(b); err != nil {
			return fail(e, fmt.Errorf("plateau: %s: %w", args[0], err))
		}
	}
	for i, r := range recs {
		if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		if err := records.Write(e.stdout, records.FromRecord(e.reg, r)); err != nil {
			return fail(e, err)
		}
	}
	return exitOK
}

// recordFromText reads a readable record, replays it, and writes its
// JSON line, or only its final position when check is set.
func recordFromText(e *env, path string, check bool) int {
	in, err := readInput(e, path)
	if err != nil {
		return fail(e, err)
	}
	b, err := io.ReadAll(io.LimitReader(in, records.MaxBytes+1))
	if err != nil {
		return fail(e, fmt.Errorf("plateau: %w", err))
	}
	g, err := records.Parse(string(b))
	if err != nil {
		return fail(e, err)
	}
	end, err := g.Replay(e.reg)
	if err != nil {
		return fail(e, err)
	}
	if check {
		fmt.Fprintln(e.stdout, end.String())
		return exitOK
	}
	r, err := g.Record(e.reg)
	if err != nil {
		return fail(e, err)
	}
	if err := record.Write(e.stdout, r); err != nil {
		return fail(e, err)
	}
	return exitOK
}

// readInput opens a file, or the standard input for "-".
func readInput(e *env, path string) (io.Reader, error) {
	if path == "-" {
		return e.stdin, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("plateau: %w", err)
	}
	return bytes.NewReader(b), nil
}
