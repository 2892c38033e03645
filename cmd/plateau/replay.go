package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/record"
)

func cmdReplay(e *env, args []string) int {
	fs := newFlags(e, "replay", "FILE N", `
Step through game N of a records file (written by "plateau match
--records" or exported by the server; see docs/records.md). N is the
game's id, or its place in the file counting from 1. Enter or n shows the
next move, p the previous one, q quits.`)
	colorFlag := fs.String("color", "auto", "use colour: auto, always or never")
	pos, st, done := parseInterleaved(e, fs, args)
	if done {
		return st
	}
	if len(pos) != 2 {
		return fail(e, fmt.Errorf("%w: plateau replay FILE N", errUsage))
	}
	color, err := useColor(e, *colorFlag)
	if err != nil {
		return fail(e, err)
	}
	rec, err := findRecord(pos[0], pos[1])
	if err != nil {
		return fail(e, err)
	}
	end, err := record.Play(e.reg, rec)
	if err != nil {
		return fail(e, err)
	}
	g, _, _ := e.reg.Lookup(rec.Game)
	replay(e, g, rec, end, color)
	return exitOK
}

// findRecord reads FILE and picks game n by id, or else by place.
func findRecord(path, n string) (record.Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return record.Record{}, fmt.Errorf("plateau: %w", err)
	}
	defer f.Close() //nolint:errcheck // only read: a close cannot lose anything
	recs, err := record.Read(f)
	if err != nil {
		return record.Record{}, fmt.Errorf("plateau: %s: %w", path, err)
	}
	for _, r := range recs {
		if r.ID == n {
			return r, nil
		}
	}
	i, err := strconv.Atoi(n)
	if err != nil || i < 1 || i > len(recs) {
		return record.Record{}, fmt.Errorf("plateau: %s has no game %q (%d games)", path, n, len(recs))
	}
	return recs[i-1], nil
}

// replay steps through the game, starting at its first position. end is
// the final state; stepping walks its history with Undo and Play.
func replay(e *env, g game.Game, rec record.Record, end game.State, color bool) {
	s := end
	for range rec.Moves {
		s.Undo()
	}
	in := bufio.NewScanner(e.stdin)
	ply := 0
	for {
		fmt.Fprintf(e.stdout, "\ngame %s: %s (first) versus %s (second), ply %d of %d\n",
			rec.ID, orUnknown(rec.First), orUnknown(rec.Second), ply, len(rec.Moves))
		if ply > 0 {
			fmt.Fprintf(e.stdout, "last move: %s\n", rec.Moves[ply-1])
		}
		fmt.Fprint(e.stdout, describe(g, s, color))
		if ply == len(rec.Moves) {
			fmt.Fprintf(e.stdout, "end of the record: %s %s\n", rec.Result, rec.Reason)
		}
		fmt.Fprint(e.stdout, "[Enter/n] next  [p] previous  [q] quit > ")
		if !in.Scan() {
			fmt.Fprintln(e.stdout)
			return
		}
		switch strings.ToLower(strings.TrimSpace(in.Text())) {
		case "", "n":
			if ply < len(rec.Moves) {
				m, _ := s.ParseMove(rec.Moves[ply]) // record.Play checked every move
				s.Play(m)
				ply++
			}
		case "p":
			if ply > 0 {
				s.Undo()
				ply--
			}
		case "q":
			return
		default:
			fmt.Fprintln(e.stdout, "want Enter or n (next), p (previous) or q (quit)")
		}
	}
}

func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}
