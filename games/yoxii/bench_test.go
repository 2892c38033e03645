package yoxii

import (
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// BenchmarkPerft counts perft 4 from the start with bulk counting
// (CountMoves at the last ply).
func BenchmarkPerft(b *testing.B) {
	s := New()
	var nodes uint64
	for b.Loop() {
		nodes += game.Perft(s, 4)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkPerftNoBulk plays and undoes every leaf of perft 3.
func BenchmarkPerftNoBulk(b *testing.B) {
	s := New()
	var nodes uint64
	for b.Loop() {
		nodes += game.PerftNoBulk(s, 3)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkPlayout plays complete random games with RandomMove, undoing
// each game to reuse the state. The loop is written out (here and in
// BenchmarkPolicyPlayout) rather than shared through a function value,
// which cost a fifth of the figure.
func BenchmarkPlayout(b *testing.B) {
	s := New()
	rng := rand.New(rand.NewPCG(1, 2))
	games, plies := 0, 0
	for b.Loop() {
		n := 0
		for s.Result() == game.Ongoing {
			s.Play(s.RandomMove(rng))
			n++
		}
		for range n {
			s.Undo()
		}
		games++
		plies += n
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/float64(games), "plies/game")
}

// BenchmarkPolicyPlayout plays complete games with PlayoutMove, the MCTS
// playout policy.
func BenchmarkPolicyPlayout(b *testing.B) {
	s := New()
	rng := rand.New(rand.NewPCG(1, 2))
	games, plies := 0, 0
	for b.Loop() {
		n := 0
		for s.Result() == game.Ongoing {
			s.Play(s.PlayoutMove(rng))
			n++
		}
		for range n {
			s.Undo()
		}
		games++
		plies += n
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/float64(games), "plies/game")
}
