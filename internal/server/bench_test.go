package server_test

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkMove plays random tic-tac-toe games over HTTP against a SQLite
// store, many games in parallel: the cost of one accepted move, commit
// included.
func BenchmarkMove(b *testing.B) {
	e := newEnv(b, nil)
	b.SetParallelism(16)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		var c created
		var v view
		for pb.Next() {
			if len(v.Legal) == 0 {
				c = e.create(humans())
				v = c.View
			}
			mv := v.Legal[rand.IntN(len(v.Legal))]
			st, nv, msg := e.play(c.ID, c.Seats[v.ToAct].Token, mv, len(v.Moves))
			if st != 200 {
				b.Errorf("got %d %s", st, msg)
				return
			}
			v = nv
		}
	})
}
