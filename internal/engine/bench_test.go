package engine

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games"
)

// The engine's speed on every game's start position, the same code
// native and as WebAssembly, for docs/perf.md:
//
//	go test -run '^$' -bench . ./internal/engine
//	GOOS=js GOARCH=wasm go test -exec "$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run '^$' -bench . ./internal/engine

// benchLeaves bounds the perft depth of a start position.
const benchLeaves = 1_000_000

// benchIters is the MCTS iterations of one search.
const benchIters = 2000

// BenchmarkPerft counts leaves per second.
func BenchmarkPerft(b *testing.B) {
	reg := games.Registry()
	for _, g := range reg.Games() {
		b.Run(g.Name, func(b *testing.B) {
			s, err := reg.New(g.Name, "")
			if err != nil {
				b.Fatal(err)
			}
			d := 1
			for d < 8 && game.Perft(s, d+1) <= benchLeaves {
				d++
			}
			var leaves uint64
			for b.Loop() {
				leaves += game.Perft(s, d)
			}
			b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}

// BenchmarkMCTS counts the iterations per second of the plain MCTS
// (random playouts) of ai/mcts, a fresh tree for every search.
func BenchmarkMCTS(b *testing.B) {
	benchSearch(b, func(string) (ai.Spec, error) {
		return ai.Spec{Algo: ai.AlgoMCTS, Limits: ai.Limits{Nodes: benchIters}}, nil
	})
}

// BenchmarkStrongest counts the nodes (or MCTS iterations) per second of
// each game's strongest level, the search that "go" runs.
func BenchmarkStrongest(b *testing.B) {
	benchSearch(b, func(id string) (ai.Spec, error) {
		sp, err := ai.Level(id, ai.MaxLevel)
		sp.Level, sp.Noise = 0, 0
		sp.Limits = ai.Limits{Nodes: 20_000}
		return sp, err
	})
}

func benchSearch(b *testing.B, spec func(id string) (ai.Spec, error)) {
	reg := games.Registry()
	for _, g := range reg.Games() {
		b.Run(g.Name, func(b *testing.B) {
			s, err := reg.New(g.Name, "")
			if err != nil {
				b.Fatal(err)
			}
			sp, err := spec(g.Name)
			if err != nil {
				b.Fatal(err)
			}
			nodes := searchLoop(b, sp, s)
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkThreads counts the nodes (or MCTS iterations) per second of
// each game's top strength (ai.Top, its endgame solver left out) on one
// and on two threads, searching the start position for 250 ms, for the
// speed-up docs/strength.md reports; nodes/cpu-s divides by the
// processor time used instead, which on a loaded machine shows what
// threads cost where wall-clock time shows only the load:
//
//	go test -run '^$' -bench Threads -benchtime 8x ./internal/engine
func BenchmarkThreads(b *testing.B) {
	reg := games.Registry()
	for _, threads := range []int{1, 2} {
		for _, g := range reg.Games() {
			b.Run(fmt.Sprintf("threads=%d/%s", threads, g.Name), func(b *testing.B) {
				sp, err := ai.Top(g.Name, threads, 250*time.Millisecond)
				if err != nil {
					b.Fatal(err)
				}
				sp.Solve = 0
				s, err := reg.New(g.Name, "")
				if err != nil {
					b.Fatal(err)
				}
				cpu := cpuTime()
				nodes := searchLoop(b, sp, s)
				b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
				if used := cpuTime() - cpu; used > 0 {
					b.ReportMetric(float64(nodes)/used.Seconds(), "nodes/cpu-s")
					b.ReportMetric(used.Seconds()/b.Elapsed().Seconds(), "cores")
				}
			})
		}
	}
}

// searchLoop searches s afresh with sp at every iteration of b's loop
// and returns the nodes searched in all.
func searchLoop(b *testing.B, sp ai.Spec, s game.State) int64 {
	var nodes int64
	for b.Loop() {
		a, err := agent.New(sp, 1)
		if err != nil {
			b.Fatal(err)
		}
		_, info, err := a.Choose(context.Background(), s.Clone(), nil)
		if err != nil {
			b.Fatal(err)
		}
		nodes += info.Nodes
	}
	return nodes
}
