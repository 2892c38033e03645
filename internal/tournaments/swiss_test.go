package tournaments

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// swissRun plays a Swiss of n players over rounds rounds with random
// results favouring the higher rating, checking each round's pairing
// against the properties; it returns the players' final histories.
func swissRun(t *testing.T, rng *rand.Rand, n, rounds, games int, strictColour bool) []SwissPlayer {
	t.Helper()
	ps := make([]SwissPlayer, n)
	for i := range ps {
		ps[i] = SwissPlayer{ID: fmt.Sprintf("p%d", i), Rating: float64(1200 + rng.IntN(800))}
	}
	at := map[string]int{}
	for i, p := range ps {
		at[p.ID] = i
	}
	for r := range rounds {
		ms, err := Swiss(ps, games)
		if err != nil {
			t.Fatalf("n=%d round %d: %v", n, r+1, err)
		}
		avoidable := rematchFree(ps)
		seen := map[string]bool{}
		for _, m := range ms {
			for _, id := range []string{m.First, m.Second} {
				if id != "" && seen[id] {
					t.Fatalf("n=%d round %d: %s paired twice", n, r+1, id)
				}
				seen[id] = true
			}
			if m.Bye() {
				ps[at[m.First]].HadBye = true
				ps[at[m.First]].Score += float64(games)
				continue
			}
			a, b := &ps[at[m.First]], &ps[at[m.Second]]
			for _, o := range a.Met {
				if o == b.ID && avoidable {
					t.Errorf("n=%d round %d: %s meets %s again though a pairing without rematch exists", n, r+1, a.ID, b.ID)
				}
			}
			a.Met, b.Met = append(a.Met, b.ID), append(b.Met, a.ID)
			play(rng, a, b, games)
		}
		if len(seen) != n+n%2 && len(seen) != n {
			t.Fatalf("n=%d round %d: %d players paired", n, r+1, len(seen))
		}
		for _, p := range ps {
			if strictColour && (p.Colour > 1 || p.Colour < -1) {
				t.Errorf("n=%d round %d: %s has colour balance %d", n, r+1, p.ID, p.Colour)
			}
		}
	}
	return ps
}

func play(rng *rand.Rand, a, b *SwissPlayer, games int) {
	pa := 1 / (1 + math.Pow(10, (b.Rating-a.Rating)/400))
	for range games {
		x := rng.Float64()
		switch {
		case x < pa*0.9:
			a.Score++
		case x < pa*0.9+0.1:
			a.Score, b.Score = a.Score+0.5, b.Score+0.5
		default:
			b.Score++
		}
		if games == 1 {
			a.Colour, b.Colour = a.Colour+1, b.Colour-1
			a.LastFirst, b.LastFirst = true, false
		}
	}
}

// rematchFree reports whether some pairing of the round (with a bye for
// a player who had none, when odd) avoids every rematch, by brute force.
func rematchFree(ps []SwissPlayer) bool {
	n := len(ps)
	met := make([]uint32, n)
	at := map[string]int{}
	for i, p := range ps {
		at[p.ID] = i
	}
	for i, p := range ps {
		for _, o := range p.Met {
			met[i] |= 1 << at[o]
		}
	}
	memo := map[uint32]bool{}
	var can func(left uint32) bool
	can = func(left uint32) bool {
		if left == 0 {
			return true
		}
		if v, ok := memo[left]; ok {
			return v
		}
		a := 0
		for left&(1<<a) == 0 {
			a++
		}
		ok := false
		for b := a + 1; b < n && !ok; b++ {
			if left&(1<<b) != 0 && met[a]&(1<<b) == 0 {
				ok = can(left &^ (1 << a) &^ (1 << b))
			}
		}
		memo[left] = ok
		return ok
	}
	all := uint32(1)<<n - 1
	if n%2 == 0 {
		return can(all)
	}
	anyFresh := false
	for i, p := range ps {
		if !p.HadBye {
			anyFresh = true
			if can(all &^ (1 << i)) {
				return true
			}
		}
	}
	for i := range ps {
		if !anyFresh && can(all&^(1<<i)) {
			return true
		}
	}
	return false
}

// TestSwissProperties: over many random Swiss events, nobody meets
// anyone twice while a pairing without rematch exists, and in events of
// up to half as many rounds as players every colour balance stays
// within one.
func TestSwissProperties(t *testing.T) {
	for seed := range uint64(60) {
		rng := rand.New(rand.NewPCG(seed, 7))
		n := 4 + int(seed%10)
		swissRun(t, rng, n, n/2, 1, true)
		swissRun(t, rng, n, n-1, 1, false)
		swissRun(t, rng, n, n/2, 2, true)
	}
}

// TestSwissNinePlayers plays a whole Swiss of nine players over five
// rounds: each gets at most one bye, five byes in all, scores add up.
func TestSwissNinePlayers(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	ps := swissRun(t, rng, 9, 5, 2, true)
	byes, total := 0, 0.0
	for _, p := range ps {
		if p.HadBye {
			byes++
		}
		total += p.Score
	}
	if byes != 5 {
		t.Errorf("got %d players with a bye, want 5", byes)
	}
	if want := float64(5 * 5 * 2); total != want { // 4 pairs of 2 games + a bye worth 2, per round
		t.Errorf("got %v points in all, want %v", total, want)
	}
}

func TestSwissTooFew(t *testing.T) {
	if _, err := Swiss([]SwissPlayer{{ID: "a"}}, 1); err == nil {
		t.Error("a Swiss of one player: got no error")
	}
}

func BenchmarkSwiss1000(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	ps := make([]SwissPlayer, 1000)
	for i := range ps {
		ps[i] = SwissPlayer{ID: fmt.Sprintf("p%d", i), Rating: float64(1000 + rng.IntN(1500))}
	}
	// five rounds played before the one measured
	at := map[string]int{}
	for i, p := range ps {
		at[p.ID] = i
	}
	for range 5 {
		ms, err := Swiss(ps, 1)
		if err != nil {
			b.Fatal(err)
		}
		for _, m := range ms {
			if !m.Bye() {
				x, y := &ps[at[m.First]], &ps[at[m.Second]]
				x.Met, y.Met = append(x.Met, y.ID), append(y.Met, x.ID)
				play(rng, x, y, 1)
			}
		}
	}
	b.ResetTimer()
	for range b.N {
		if _, err := Swiss(ps, 1); err != nil {
			b.Fatal(err)
		}
	}
}
