package engine

import (
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// TestHandle checks the answer of one line at a time, as the WebAssembly
// build calls it: no stream, one answer a line, quit reported.
func TestHandle(t *testing.T) {
	t.Parallel()
	ses := New(game.NewRegistry(tictactoe.Game()), "9.9")
	for _, tc := range []struct {
		line, want string
		quit       bool
	}{
		{"", "", false},
		{"   ", "", false},
		{"info", "id name plateau|id version 9.9|games tictactoe|ok", false},
		{"position", "err engine: no game: start one with newgame <game-id> [<position>]", false},
		{"newgame tictactoe", "3/3/3 x|ok", false},
		{"perft 2", "perft 1 9|perft 2 72|ok", false},
		{"frob", `err engine: unknown command "frob"`, false},
		{"play " + strings.Repeat(" ", MaxLine), "err line too long: the limit is 65536 bytes", false},
		{"QUIT", "", true},
	} {
		answer, quit := ses.Handle(tc.line)
		if got := strings.Join(answer, "|"); got != tc.want || quit != tc.quit {
			t.Errorf("%q: got %q (quit %v), want %q (quit %v)", tc.line, got, quit, tc.want, tc.quit)
		}
	}
}

// TestServeMatchesHandle checks that Serve, which the native command
// uses, answers as Handle does, and stops at quit.
func TestServeMatchesHandle(t *testing.T) {
	t.Parallel()
	in := "newgame tictactoe\nplay b2\n\nvalidmoves\nquit\ninfo\n"
	var want strings.Builder
	ses := New(game.NewRegistry(tictactoe.Game()), "1")
	for _, l := range strings.Split(in, "\n") {
		answer, quit := ses.Handle(l)
		if quit {
			break
		}
		for _, a := range answer {
			want.WriteString(a + "\n")
		}
	}
	var got strings.Builder
	New(game.NewRegistry(tictactoe.Game()), "1").Serve(strings.NewReader(in), &got)
	if got.String() != want.String() {
		t.Errorf("got %q, want %q", got.String(), want.String())
	}
}
