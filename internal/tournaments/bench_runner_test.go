package tournaments_test

import (
	"context"
	"github.com/plateau-games/plateau/games"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tournaments"
)

// BenchmarkArenaRunner200 runs an hour's arena of 200 players through
// the runner on one SQLite database at full speed: a tick every
// simulated 10 seconds, each game ending with probability 1/18 per tick
// (three minutes on average). runner-s/op is the time spent in the
// runner's ticks; the rest is the test ending games.
func BenchmarkArenaRunner200(b *testing.B) {
	played, inRunner := 0, time.Duration(0)
	for i := range b.N {
		s := openAt(b, filepath.Join(b.TempDir(), "a.db"))()
		c := tournaments.Config{Settings: tournaments.Settings{Format: tournaments.FormatArena, Name: "bench", MinPlayers: 2,
			RoundTime: time.Hour, StartsAt: start, Games: 1}}
		newEvent(b, s, "a", c, 200)
		clock := &fakeClock{now: start}
		r := &tournaments.Runner{Store: s, Registry: games.Registry(), Games: &maker{s: s}, Clock: clock, Owner: "one", Lease: time.Minute}
		rng := rand.New(rand.NewPCG(uint64(i), 9))
		for tick := range 6*60 + 3 {
			t0 := time.Now()
			if err := r.Tick(context.Background()); err != nil {
				b.Fatal(err)
			}
			inRunner += time.Since(t0)
			p := 1.0 / 18
			if tick >= 6*60 {
				p = 1 // the hour is over: the last games end
			}
			played += finishSome(b, s, "a", rng, clock.Now(), p)
			clock.add(10 * time.Second)
		}
		if tr, _ := s.LoadTournament(context.Background(), "a"); tr.State != store.TourFinished {
			b.Fatalf("got %s, want finished", tr.State)
		}
	}
	b.ReportMetric(float64(played)/float64(b.N), "games/op")
	b.ReportMetric(inRunner.Seconds()/float64(b.N), "runner-s/op")
}
