package tournaments

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// bruteBest is the cheapest pairing of the round by enumeration: at the
// strictest level that pairs anyone, the first bye candidate that can
// sit out there, the least total cost of the others' pairs.
func bruteBest(s *swiss) (bye int, cost float64) {
	for level := strictest; level >= anything; level-- {
		s.level = level
		for _, b := range s.byeCandidates() {
			var rest []int
			for i := range s.ps {
				if i != b {
					rest = append(rest, i)
				}
			}
			if c := s.cheapest(rest); !math.IsInf(c, 1) {
				return b, c
			}
		}
	}
	return -2, math.Inf(1)
}

func (s *swiss) cheapest(rest []int) float64 {
	if len(rest) == 0 {
		return 0
	}
	best := math.Inf(1)
	for k := 1; k < len(rest); k++ {
		if !s.allowed(rest[0], rest[k]) {
			continue
		}
		others := append(append([]int{}, rest[1:k]...), rest[k+1:]...)
		best = min(best, s.cost(rest[0], rest[k])+s.cheapest(others))
	}
	return best
}

// TestSwissExactIsOptimal: in rounds small enough to be paired exactly,
// the pairing costs what the cheapest of all pairings costs, with the
// bye the rules give, over random histories (rematches, colours, byes,
// blocks).
func TestSwissExactIsOptimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := range 300 {
		n := 2 + rng.IntN(10)
		ps := make([]SwissPlayer, n)
		for i := range ps {
			ps[i] = SwissPlayer{ID: fmt.Sprintf("p%d", i), Rating: float64(1200 + rng.IntN(800)), Score: float64(rng.IntN(4)) / 2,
				Colour: rng.IntN(3) - 1, LastFirst: rng.IntN(2) == 0, HadBye: rng.IntN(4) == 0}
		}
		for range rng.IntN(2 * n) {
			a, b := rng.IntN(n), rng.IntN(n)
			if a == b {
				continue
			}
			if rng.IntN(4) == 0 {
				ps[a].Avoid = append(ps[a].Avoid, ps[b].ID)
			} else {
				ps[a].Met, ps[b].Met = append(ps[a].Met, ps[b].ID), append(ps[b].Met, ps[a].ID)
			}
		}
		ms, err := Swiss(ps, 1+trial%2)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		s := newSwiss(ps, 1+trial%2)
		wantBye, want := bruteBest(s)
		gotBye, got := -1, 0.0
		at := map[string]int{}
		for i, p := range s.ps {
			at[p.ID] = i
		}
		for _, m := range ms {
			if m.Second == "" {
				gotBye = at[m.First]
				continue
			}
			got += s.cost(at[m.First], at[m.Second])
		}
		if gotBye != wantBye || math.Abs(got-want) > 1e-6*math.Max(1, want) {
			t.Fatalf("trial %d (%d players): got bye %d and cost %.0f, want bye %d and cost %.0f", trial, n, gotBye, got, wantBye, want)
		}
	}
}

// BenchmarkSwissExact19 pairs the largest odd round paired exactly: 19
// players and the bye's seat, after three rounds played.
func BenchmarkSwissExact19(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	ps := make([]SwissPlayer, 19)
	at := map[string]int{}
	for i := range ps {
		ps[i] = SwissPlayer{ID: fmt.Sprintf("p%d", i), Rating: float64(1000 + rng.IntN(1500))}
		at[ps[i].ID] = i
	}
	for range 3 {
		ms, err := Swiss(ps, 1)
		if err != nil {
			b.Fatal(err)
		}
		for _, m := range ms {
			if m.Bye() {
				ps[at[m.First]].HadBye = true
				continue
			}
			x, y := &ps[at[m.First]], &ps[at[m.Second]]
			x.Met, y.Met = append(x.Met, y.ID), append(y.Met, x.ID)
			play(rng, x, y, 1)
		}
	}
	b.ResetTimer()
	for range b.N {
		if _, err := Swiss(ps, 1); err != nil {
			b.Fatal(err)
		}
	}
}
