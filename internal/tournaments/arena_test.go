package tournaments

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

func TestArenaPoints(t *testing.T) {
	tests := []struct {
		results []float64
		streak  bool
		want    int
	}{
		{[]float64{1, 1, 1, 0.5, 1}, false, 9},
		{[]float64{1, 1, 1, 0.5, 1}, true, 2 + 2 + 4 + 2 + 2},
		{[]float64{1, 1, 1, 1, 0}, true, 2 + 2 + 4 + 4},
		{nil, true, 0},
	}
	for _, tt := range tests {
		if got := ArenaPoints(tt.results, tt.streak); got != tt.want {
			t.Errorf("ArenaPoints(%v, %v): got %d, want %d", tt.results, tt.streak, got, tt.want)
		}
	}
}

func TestPairArenaLastOpponent(t *testing.T) {
	tests := []struct {
		name    string
		waiting []ArenaPlayer
		busy    int
		want    string
	}{
		{"alone together", []ArenaPlayer{{ID: "a", Last: "b"}, {ID: "b", Last: "a"}}, 0, "[{a b 1}]"},
		{"another plays", []ArenaPlayer{{ID: "a", Last: "b"}, {ID: "b", Last: "a"}}, 1, "[]"},
		{"third waits", []ArenaPlayer{{ID: "a", Last: "b", Score: 4}, {ID: "b", Last: "a", Score: 3}, {ID: "c"}}, 0, "[{a c 1}]"},
		{"rescued", []ArenaPlayer{{ID: "a", Score: 9}, {ID: "b", Score: 8}, {ID: "c", Last: "d", Score: 7}, {ID: "d", Last: "c"}}, 4, "[{a c 1} {b d 1}]"},
	}
	for _, tt := range tests {
		if got := fmt.Sprint(PairArena(tt.waiting, tt.busy, 1)); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, got, tt.want)
		}
	}
}

// fakeClock is the simulation's clock: time moves only when told.
type fakeClock struct{ now time.Time }

func (c *fakeClock) Now() time.Time { return c.now }

type simGame struct {
	a, b string
	ends time.Time
}

// arenaSim runs an arena of n players for d on a fake clock: every game
// lasts 1 to 9 minutes, a finished player waits and is paired at once.
// It checks at every tick that nobody meets their last opponent while
// another opponent waits or plays, and returns each player's results.
func arenaSim(tb testing.TB, rng *rand.Rand, n int, d time.Duration) map[string][]float64 {
	clock := &fakeClock{now: time.Date(2026, 12, 5, 20, 0, 0, 0, time.UTC)}
	end := clock.Now().Add(d)
	players := map[string]*ArenaPlayer{}
	results := map[string][]float64{}
	var waiting []string
	for i := range n {
		id := fmt.Sprintf("p%03d", i)
		players[id] = &ArenaPlayer{ID: id, Rating: float64(1200 + rng.IntN(800))}
		waiting = append(waiting, id)
	}
	var playing []simGame
	for clock.Now().Before(end) {
		ws := make([]ArenaPlayer, len(waiting))
		for i, id := range waiting {
			ws[i] = *players[id]
		}
		ms := PairArena(ws, 2*len(playing), 1)
		checkArenaTick(tb, ws, 2*len(playing), ms)
		paired := map[string]bool{}
		for _, m := range ms {
			paired[m.First], paired[m.Second] = true, true
			playing = append(playing, simGame{m.First, m.Second, clock.Now().Add(time.Duration(1+rng.IntN(9)) * time.Minute)})
		}
		waiting = slices.DeleteFunc(waiting, func(id string) bool { return paired[id] })
		if len(playing) == 0 {
			break
		}
		slices.SortFunc(playing, func(x, y simGame) int { return cmp.Or(x.ends.Compare(y.ends), cmp.Compare(x.a, y.a)) })
		g := playing[0]
		playing = playing[1:]
		clock.now = g.ends
		r := 1.0
		if rng.IntN(2) == 0 {
			r = float64(rng.IntN(2)) / 2
		}
		a, b := players[g.a], players[g.b]
		results[g.a], results[g.b] = append(results[g.a], r), append(results[g.b], 1-r)
		a.Score, b.Score = ArenaPoints(results[g.a], true), ArenaPoints(results[g.b], true)
		a.Last, b.Last, a.Colour, b.Colour = b.ID, a.ID, a.Colour+1, b.Colour-1
		waiting = append(waiting, g.a, g.b)
	}
	return results
}

func checkArenaTick(tb testing.TB, ws []ArenaPlayer, busy int, ms []Match) {
	last := map[string]string{}
	for _, w := range ws {
		last[w.ID] = w.Last
	}
	seen := map[string]bool{}
	for _, m := range ms {
		if seen[m.First] || seen[m.Second] {
			tb.Fatalf("a player paired twice in one tick: %v", ms)
		}
		seen[m.First], seen[m.Second] = true, true
		if last[m.First] == m.Second && (len(ws) > 2 || busy > 0) {
			tb.Fatalf("%s meets %s twice in a row while %d others wait and %d play", m.First, m.Second, len(ws)-2, busy)
		}
	}
}

// TestArenaSixPlayers simulates an hour's arena of six players: each
// plays several games and the colour balance stays small.
func TestArenaSixPlayers(t *testing.T) {
	for seed := range uint64(20) {
		results := arenaSim(t, rand.New(rand.NewPCG(seed, 6)), 6, time.Hour)
		if len(results) != 6 {
			t.Fatalf("seed %d: got %d players with games, want 6", seed, len(results))
		}
		for id, rs := range results {
			if len(rs) < 5 {
				t.Errorf("seed %d: %s played %d games in an hour, want 5 at least", seed, id, len(rs))
			}
		}
	}
}

func BenchmarkArenaTick500(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 5))
	ws := make([]ArenaPlayer, 500)
	for i := range ws {
		ws[i] = ArenaPlayer{ID: fmt.Sprintf("p%d", i), Rating: float64(1000 + rng.IntN(1500)), Score: rng.IntN(30)}
	}
	for i := range ws {
		ws[i].Last = ws[(i+1)%500].ID
	}
	b.ResetTimer()
	for range b.N {
		if len(PairArena(ws, 100, 1)) < 240 {
			b.Fatal("too few pairs")
		}
	}
}

// BenchmarkArena200 simulates an hour's arena of 200 players at full
// speed: every pairing tick and every game end.
func BenchmarkArena200(b *testing.B) {
	games := 0
	for i := range b.N {
		for _, rs := range arenaSim(b, rand.New(rand.NewPCG(uint64(i), 200)), 200, time.Hour) {
			games += len(rs)
		}
	}
	b.ReportMetric(float64(games)/2/float64(b.N), "games/op")
}
