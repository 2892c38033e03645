package main

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/ai/solver"
	"github.com/plateau-games/plateau/game"
)

// benchConfig is what `plateau solve --bench` varies.
type benchConfig struct {
	games, maxK, empty int
	seed               uint64
	method             string
}

// benchMaxPlies drops self-play games that last longer: they are the
// repetitive ones, and the bench wants ends.
const benchMaxPlies = 600

func solveBench(e *env, id string, lim solver.Limits, cfg benchConfig) int {
	finals, err := selfPlay(e, id, cfg)
	if err != nil {
		return fail(e, err)
	}
	fmt.Fprintf(e.stdout, "%s: %d finished level:2 self-play games, limit %v\n", id, len(finals), lim.Time)
	if cfg.empty > 0 {
		benchEmpty(e, finals, lim, cfg)
		return exitOK
	}
	fmt.Fprintln(e.stdout, "k proved median-time median-empty median-top-score")
	for k := 1; k <= cfg.maxK; k++ {
		var times, empties, tops []int64
		proved, n := 0, 0
		for _, f := range finals {
			if f.plies < k {
				continue
			}
			s := f.s
			s.Undo() // from k-1 plies before the end to k
			n++
			r := newSolver(cfg.method, 20).Solve(context.Background(), s, lim)
			t := r.Elapsed
			if r.Value == solver.Unknown {
				t = lim.Time + time.Nanosecond
			} else {
				proved++
			}
			sc := s.Scores()
			times, empties, tops = append(times, int64(t)), append(empties, int64(emptySquares(s.String()))), append(tops, int64(max(sc[0], sc[1])))
		}
		if n == 0 {
			break
		}
		fmt.Fprintf(e.stdout, "%d %d/%d %v %d %d\n", k, proved, n, time.Duration(median(times)).Round(time.Microsecond), median(empties), median(tops))
		if 2*proved < n {
			break
		}
	}
	return exitOK
}

// benchEmpty solves, in each game that had one, the ongoing position with
// exactly n empty squares, and prints how many were proved and the
// median and largest times.
func benchEmpty(e *env, finals []finished, lim solver.Limits, cfg benchConfig) {
	n := cfg.empty
	var times []int64
	proved := 0
	for _, f := range finals {
		s := f.s
		for k := 0; k < f.plies && emptySquares(s.String()) < n; k++ {
			s.Undo()
		}
		if emptySquares(s.String()) != n || s.Result() != game.Ongoing {
			continue
		}
		r := newSolver(cfg.method, 20).Solve(context.Background(), s, lim)
		t := r.Elapsed
		if r.Value == solver.Unknown {
			t = lim.Time + time.Nanosecond
		} else {
			proved++
		}
		times = append(times, int64(t))
	}
	if len(times) == 0 {
		fmt.Fprintf(e.stdout, "no position with %d empty squares\n", n)
		return
	}
	slices.Sort(times)
	fmt.Fprintf(e.stdout, "empty %d proved %d/%d median-time %v max-time %v\n", n, proved, len(times),
		time.Duration(median(times)).Round(time.Microsecond), time.Duration(times[len(times)-1]).Round(time.Microsecond))
}

// finished is a finished game: its final state, history kept.
type finished struct {
	s     game.State
	plies int
}

// selfPlay plays level:2 against itself and returns the finished games.
func selfPlay(e *env, id string, cfg benchConfig) ([]finished, error) {
	var finals []finished
	for g := 0; g < cfg.games; g++ {
		s, err := e.reg.New(id, "")
		if err != nil {
			return nil, err
		}
		a, _, err := agent.Parse("level:2", id, cfg.seed+uint64(2*g))
		if err != nil {
			return nil, err
		}
		b, _, err := agent.Parse("level:2", id, cfg.seed+uint64(2*g+1))
		if err != nil {
			return nil, err
		}
		ply := 0
		for ; s.Result() == game.Ongoing && ply < benchMaxPlies; ply++ {
			who := a
			if s.ToAct() == game.Second {
				who = b
			}
			m, _, err := who.Choose(context.Background(), s, nil)
			if err != nil {
				return nil, err
			}
			s.Play(m)
		}
		if s.Result() != game.Ongoing {
			finals = append(finals, finished{s, ply})
		}
	}
	return finals, nil
}

// emptySquares counts the empty squares of a position string whose first
// field is a board with runs of empty squares written as numbers.
func emptySquares(pos string) int {
	n, run := 0, 0
	for _, c := range pos {
		switch {
		case c == ' ':
			return n + run
		case c >= '0' && c <= '9':
			run = run*10 + int(c-'0')
		default:
			n, run = n+run, 0
		}
	}
	return n + run
}

func median(xs []int64) int64 {
	slices.Sort(xs)
	return xs[len(xs)/2]
}
