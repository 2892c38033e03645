package oxford

import (
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/game"
)

func benchStart(b *testing.B, variant string) game.State {
	b.Helper()
	s, err := Game().Start(game.Options{"variant": variant})
	if err != nil {
		b.Fatal(err)
	}
	return s
}

func BenchmarkPerft(b *testing.B) {
	for _, v := range []string{"standard", "beginner"} {
		b.Run(v, func(b *testing.B) {
			s := benchStart(b, v)
			var nodes uint64
			for b.Loop() {
				nodes += game.Perft(s, 4)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}

func BenchmarkPerftNoBulk(b *testing.B) {
	s := benchStart(b, "standard")
	var nodes uint64
	for b.Loop() {
		nodes += game.PerftNoBulk(s, 4)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkPlayout plays complete random games with RandomMove, the
// repetition rule on, as the AI's playouts do.
func BenchmarkPlayout(b *testing.B) {
	for _, v := range []string{"standard", "beginner"} {
		b.Run(v, func(b *testing.B) {
			s := benchStart(b, v).(*State)
			rng := rand.New(rand.NewPCG(1, 1))
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
		})
	}
}
