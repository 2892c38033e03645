package abraxas

import (
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/game"
)

var benchIDs = []string{"abraxas", "abraxas:board=6", "abraxas:push=free"}

func benchState(b *testing.B, id string) game.State {
	s, err := game.NewRegistry(Game()).New(id, "")
	if err != nil {
		b.Fatal(err)
	}
	return s
}

func BenchmarkPerft(b *testing.B) {
	for _, id := range benchIDs {
		b.Run(id, func(b *testing.B) {
			s := benchState(b, id)
			var nodes uint64
			for b.Loop() {
				nodes += game.Perft(s, 4)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}

func BenchmarkPerftNoBulk(b *testing.B) {
	for _, id := range benchIDs {
		b.Run(id, func(b *testing.B) {
			s := benchState(b, id)
			var nodes uint64
			for b.Loop() {
				nodes += game.PerftNoBulk(s, 3)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}

// BenchmarkPlayout plays complete random games with RandomMove, one
// sub-benchmark a board, and reports games/s and the average length.
func BenchmarkPlayout(b *testing.B) {
	for _, id := range []string{"abraxas:board=1", "abraxas:board=2", "abraxas:board=3",
		"abraxas:board=4", "abraxas:board=5", "abraxas:board=6", "abraxas:push=free"} {
		b.Run(id, func(b *testing.B) {
			start := benchState(b, id)
			r := rand.New(rand.NewPCG(1, 2))
			games, plies := 0, 0
			for b.Loop() {
				s := start.Clone()
				rm := s.(game.RandomMover)
				for s.Result() == game.Ongoing {
					s.Play(rm.RandomMove(r))
					plies++
				}
				games++
			}
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(plies)/float64(games), "plies/game")
		})
	}
}
