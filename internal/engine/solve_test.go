package engine

import (
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

func TestSolveCommand(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pos, args, want string
	}{
		{"XX1/OO1/3 x", "", "solve win plies 1 best c3|ok"},
		{"3/3/3 x", "nodes 1000000", "solve draw plies 0 best "},
		{"XX1/XO1/2O o", "movetime 1000", "solve loss plies "},
		{"3/3/3 x", "nodes 2", "solve unknown plies 0 best -|ok"},
		{"XX1/OO1/3 x", "depth 3", "err engine: usage: solve [movetime <ms>] [nodes <n>]"},
		{"XX1/OO1/3 x", "nodes", "err engine: usage: go"},
	} {
		ses := New(game.NewRegistry(tictactoe.Game()), "1")
		if _, quit := ses.Handle("newgame tictactoe " + tc.pos); quit {
			t.Fatal("quit")
		}
		answer, _ := ses.Handle(strings.TrimSpace("solve " + tc.args))
		if got := strings.Join(answer, "|"); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s, solve %s: got %q, want %q...", tc.pos, tc.args, got, tc.want)
		}
	}
}
