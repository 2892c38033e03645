package main

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/solver"
	"github.com/plateau-games/plateau/game"
)

var errTooBig = errors.New("tree too big")

// minimax is the reference: plain alpha-beta on -1/0/1, without table or
// move ordering, not assuming alternation; it gives up with errTooBig
// after budget nodes.
func minimax(s game.State, alpha, beta int, budget *int) (int, error) {
	if *budget--; *budget < 0 {
		return 0, errTooBig
	}
	if r := s.Result(); r != game.Ongoing {
		w, ok := r.Winner()
		switch {
		case !ok:
			return 0, nil
		case w == s.ToAct():
			return 1, nil
		}
		return -1, nil
	}
	p, best := s.ToAct(), -2
	for _, m := range s.Moves(nil) {
		s.Play(m)
		var v int
		var err error
		if s.ToAct() == p {
			v, err = minimax(s, alpha, beta, budget)
		} else {
			v, err = minimax(s, -beta, -alpha, budget)
			v = -v
		}
		s.Undo()
		if err != nil {
			return 0, err
		}
		best, alpha = max(best, v), max(alpha, v)
		if alpha >= beta {
			break
		}
	}
	return best, nil
}

// TestSolverAgreesWithMinimax solves late positions of every game, reached
// by random playouts, and compares with a full minimax where its tree is
// small enough.
func TestSolverAgreesWithMinimax(t *testing.T) {
	t.Parallel()
	want := map[int]solver.Value{-1: solver.Loss, 0: solver.Draw, 1: solver.Win}
	for _, id := range registry().Names() {
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(7, 7))
			checked := 0
			for g := 0; g < 40 && checked < 6; g++ {
				s, err := registry().New(id, "")
				if err != nil {
					t.Fatal(err)
				}
				plies := 0
				for ; s.Result() == game.Ongoing && plies < 1000; plies++ {
					s.Play(playout(s, rng))
				}
				if s.Result() == game.Ongoing {
					continue // only ends are wanted
				}
				final := s.Result()
				for k := 1; k <= 4 && k <= plies; k++ {
					s.Undo()
					got := solver.New(18).Solve(context.Background(), s, solver.Limits{Nodes: 200_000})
					if got.Value == solver.Unknown {
						break
					}
					if w, _ := final.Winner(); k == 1 && final != game.Draw && w == s.ToAct() && got.Value != solver.Win {
						t.Fatalf("position %q: got %v, want win (the next move wins)", s, got.Value)
					} else if k == 1 && final != game.Draw && w == s.ToAct() {
						checked++
					}
					budget := 20_000
					ref, err := minimax(s, -1, 1, &budget)
					if err != nil {
						break
					}
					if got.Value != want[ref] {
						t.Fatalf("position %q: got %v, want %v", s, got.Value, want[ref])
					}
					checked++
				}
			}
			if checked == 0 {
				t.Fatalf("got no position checked, want some")
			}
		})
	}
}

func TestSolveCommand(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		args   []string
		want   string
		status int
	}{
		{"win in one", []string{"solve", "tictactoe", "XX1/OO1/3 x"}, "result win best c3 plies 1 ", 0},
		{"start", []string{"solve", "tictactoe"}, "result draw best ", 0},
		{"budget", []string{"solve", "--nodes", "3", "tictactoe"}, "result unknown best - plies 0 ", 0},
		{"finished", []string{"solve", "tictactoe", "XXX/OO1/3 o"}, "result loss best - plies 0 ", 0},
		{"bad position", []string{"solve", "tictactoe", "XXX/3/3 q"}, "", 2},
		{"no game", []string{"solve"}, "", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, st := runCmd(t, "", tc.args...)
			if !strings.HasPrefix(out, tc.want) || st != tc.status {
				t.Errorf("got %q (status %d, stderr %q), want %q... (status %d)", out, st, errOut, tc.want, tc.status)
			}
		})
	}
}

func TestSolveBench(t *testing.T) {
	t.Parallel()
	out, errOut, st := runCmd(t, "", "solve", "--bench", "--games", "2", "--max-k", "2", "--time", "200ms", "yoxii")
	if st != 0 || !strings.Contains(out, "\n1 ") {
		t.Fatalf("got %q (status %d, stderr %q), want a line for k=1", out, st, errOut)
	}
	out, errOut, st = runCmd(t, "", "solve", "--bench", "--games", "4", "--empty", "12", "--time", "200ms", "yoxii")
	if st != 0 || !strings.Contains(out, "empty 12 proved ") && !strings.Contains(out, "no position with 12") {
		t.Fatalf("got %q (status %d, stderr %q), want a line for 12 empty squares", out, st, errOut)
	}
}

// playout draws the game's heuristic move when it has one, which ends
// games sooner than uniformly random moves.
func playout(s game.State, rng *rand.Rand) game.Move {
	if pm, ok := s.(game.PlayoutMover); ok {
		return pm.PlayoutMove(rng)
	}
	return ai.RandomMove(s, rng, nil)
}
