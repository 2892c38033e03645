package server_test

import (
	"fmt"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/server"
)

// cpuTime is the CPU this process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkAIGameServerCPU plays whole games of a person (random legal
// moves) against the server's AI at the default level, and reports the
// CPU the server spent per game: what "play the AI on this device"
// saves, since a game on the device sends the server nothing
// (docs/perf.md). The client's own share, a few HTTP requests, is
// counted too, so the figure slightly overstates the server's.
func BenchmarkAIGameServerCPU(b *testing.B) {
	reg := games.Registry()
	for _, level := range []int{ai.DefaultLevel, ai.MaxLevel} {
		for _, name := range reg.Names() {
			b.Run(fmt.Sprintf("%s/level=%d", name, level), func(b *testing.B) {
				e := newEnv(b, func(c *server.Config) {
					c.Registry, c.Mover, c.MoverName = reg, agent.LevelMover{}, "levels"
				})
				rng := rand.New(rand.NewPCG(1, 2))
				start, plies := cpuTime(), 0
				for b.Loop() {
					plies += playOut(b, e, name, level, rng)
				}
				b.ReportMetric(float64((cpuTime()-start).Milliseconds())/float64(b.N), "cpu-ms/game")
				b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
			})
		}
	}
}

// playOut plays one game against the AI to its end and returns its
// length in plies.
func playOut(b *testing.B, e *env, name string, level int, rng *rand.Rand) int {
	me := 0
	c := e.create(api.CreateRequest{Game: name, Me: &me,
		Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "ai", Level: level}}})
	for {
		v := e.waitView(c.ID, func(v view) bool { return v.Result != "ongoing" || (v.ToAct == me && !v.AIThinking) })
		if v.Result != "ongoing" {
			return len(v.Moves)
		}
		mv := v.Legal[rng.IntN(len(v.Legal))]
		if st, _, msg := e.play(c.ID, c.Seats[me].Token, mv, len(v.Moves)); st != 200 {
			b.Fatalf("%s: move %s: got %d %s", name, mv, st, msg)
		}
	}
}
