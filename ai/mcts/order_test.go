package mcts

import (
	"testing"

	"github.com/plateau-games/plateau/internal/tictactoe"
)

func TestOrderMovesPutsTheWinFirst(t *testing.T) {
	t.Parallel()
	s, _ := tictactoe.Parse("XX1/OO1/3 x")
	moves := s.Moves(nil)
	orderMoves(s, moves)
	if got := s.FormatMove(moves[0]); got != "c3" {
		t.Errorf("got %s first, want the winning c3", got)
	}
	if s.String() != "XX1/OO1/3 x" {
		t.Errorf("ordering changed the position to %s", s)
	}
}

func TestWidth(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		visits, widen float64
		moves, want   int
	}{
		{0, 0, 30, 30},
		{0, 2, 30, 1},
		{100, 2, 30, 21},
		{10000, 2, 30, 30},
	} {
		if got := width(tc.visits, tc.widen, tc.moves); got != tc.want {
			t.Errorf("width(%v, %v, %d): got %d, want %d", tc.visits, tc.widen, tc.moves, got, tc.want)
		}
	}
}
