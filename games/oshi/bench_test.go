package oshi

import (
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/game"
)

func BenchmarkPerft(b *testing.B) {
	s := mustParseB(b, StartPosition)
	var nodes uint64
	for b.Loop() {
		nodes += game.Perft(s, 4)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
}

func BenchmarkPerftNoBulk(b *testing.B) {
	s := mustParseB(b, StartPosition)
	var nodes uint64
	for b.Loop() {
		nodes += game.PerftNoBulk(s, 3)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkPlayout plays complete random games from the start with the
// repetition rule on, and reports how they end.
func BenchmarkPlayout(b *testing.B) {
	s := mustParseB(b, StartPosition)
	rng := rand.New(rand.NewPCG(1, 2))
	var st playoutStats
	for b.Loop() {
		st.add(playout(s, rng))
	}
	b.ReportMetric(float64(st.games)/b.Elapsed().Seconds(), "games/s")
	st.report(b)
}

func BenchmarkEvaluate(b *testing.B) {
	s := mustParseB(b, "1d2t3t/3s5/9/9/5TsS1/9/2D6/9/T3S4 r 4-4 -")
	for b.Loop() {
		s.Evaluate()
	}
}

func mustParseB(b *testing.B, pos string) *State {
	b.Helper()
	s, err := Parse(pos)
	if err != nil {
		b.Fatal(err)
	}
	return s
}

type playoutStats struct {
	games, plies, seven, both, passes, repetition, longest int
}

// playout plays one random game to its end on a clone and returns it.
func playout(s *State, rng *rand.Rand) *State {
	c := s.Clone().(*State)
	for c.Result() == game.Ongoing {
		c.Play(c.RandomMove(rng))
	}
	return c
}

func (st *playoutStats) add(c *State) {
	st.games++
	n := len(c.hist)
	st.plies += n
	st.longest = max(st.longest, n)
	switch c.Reason() {
	case "third repetition":
		st.repetition++
	case "two passes in a row":
		st.passes++
	case "both reached seven points; the mover loses":
		st.both++
	default:
		st.seven++
	}
}

func (st *playoutStats) report(b *testing.B) {
	g := float64(st.games)
	b.ReportMetric(float64(st.plies)/g, "plies/game")
	b.ReportMetric(float64(st.longest), "longest-plies")
	b.ReportMetric(float64(st.seven)/g, "seven-frac")
	b.ReportMetric(float64(st.both)/g, "both-seven-frac")
	b.ReportMetric(float64(st.repetition)/g, "repetition-frac")
	b.ReportMetric(float64(st.passes)/g, "passes-frac")
}
