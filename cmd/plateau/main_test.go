package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// runCmd runs the command in-process against a registry holding the
// tic-tac-toe test game (and whatever games the binary offers).
func runCmd(t *testing.T, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errOut bytes.Buffer
	games := append(registry().Games(), tictactoe.Game())
	e := &env{reg: game.NewRegistry(games...), stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut,
		getenv: func(string) string { return "" }}
	status = run(e, args)
	return out.String(), errOut.String(), status
}

func TestMoves(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		args   []string
		want   string
		status int
	}{
		{"start", []string{"moves", "tictactoe"}, "a1\na2\na3\nb1\nb2\nb3\nc1\nc2\nc3\n", 0},
		{"position in one argument", []string{"moves", "tictactoe", "XOX/OX1/O1X o"}, "", 0},
		{"position split", []string{"moves", "tictactoe", "XO1/3/3", "x"}, "a1\na2\nb1\nb2\nc1\nc2\nc3\n", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, st := runCmd(t, "", tc.args...)
			if out != tc.want || st != tc.status {
				t.Errorf("got %q (status %d, stderr %q), want %q (status %d)", out, st, errOut, tc.want, tc.status)
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string // a word the error line must contain
	}{
		{[]string{"moves", "chess"}, `unknown game "chess"`},
		{[]string{"moves", "tictactoe:size=4"}, `no option "size"`},
		{[]string{"moves", "tic tac"}, "bad game"},
		{[]string{"moves", "tictactoe", "XXX/3/3 o"}, "bad position"},
		{[]string{"moves"}, "usage"},
		{[]string{"perft", "tictactoe", "zero"}, "bad depth"},
		{[]string{"perft", "tictactoe", "0"}, "bad depth"},
		{[]string{"show", "--color=blue", "tictactoe"}, "bad --color"},
		{[]string{"frobnicate"}, "unknown command"},
		{[]string{"moves", "--frob", "tictactoe"}, "flag provided but not defined"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out, errOut, st := runCmd(t, "", tc.args...)
			if st != exitBadInput {
				t.Errorf("got status %d, want %d", st, exitBadInput)
			}
			if out != "" {
				t.Errorf("got stdout %q, want nothing", out)
			}
			if !strings.Contains(errOut, tc.want) {
				t.Errorf("got stderr %q, want it to contain %q", errOut, tc.want)
			}
			if strings.Count(strings.TrimSpace(errOut), "\n") > 0 && !strings.Contains(errOut, "Usage") {
				t.Errorf("got %d error lines, want one: %q", strings.Count(errOut, "\n"), errOut)
			}
		})
	}
}

func TestPerft(t *testing.T) {
	t.Parallel()
	out, errOut, st := runCmd(t, "", "perft", "tictactoe", "3")
	if want := "perft 1 9\nperft 2 72\nperft 3 504\n"; out != want || st != 0 {
		t.Errorf("got %q (status %d, %q), want %q", out, st, errOut, want)
	}
	out, _, _ = runCmd(t, "", "perft", "-divide", "tictactoe", "2", "XO1/3/3 x")
	if !strings.HasPrefix(out, "a1 6\n") || !strings.HasSuffix(out, "total 42\n") {
		t.Errorf("divide: got %q, want a1 6 first and total 42", out)
	}
}

func TestHelp(t *testing.T) {
	t.Parallel()
	for name := range commands() {
		t.Run(name, func(t *testing.T) {
			out, errOut, st := runCmd(t, "", name, "--help")
			if st != 0 || !strings.HasPrefix(out, "Usage: plateau "+name) {
				t.Errorf("got %q (status %d, stderr %q), want usage on stdout", out, st, errOut)
			}
		})
	}
	out, _, st := runCmd(t, "", "help")
	if st != 0 || !strings.Contains(out, "Commands:") {
		t.Errorf("help: got %q (status %d)", out, st)
	}
}

func TestShow(t *testing.T) {
	t.Parallel()
	out, _, st := runCmd(t, "", "show", "tictactoe", "XOX/OX1/O1X o")
	if st != 0 || !strings.Contains(out, "position: XOX/OX1/O1X o") || !strings.Contains(out, "result: x wins (three in a row)") {
		t.Errorf("got %q (status %d)", out, st)
	}
}
