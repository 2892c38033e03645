package tournaments

import (
	"fmt"
	"strings"
	"testing"
)

// published holds FIDE's Berger tables (FIDE Handbook C.05 annex 1) for
// 4, 6, 8 and 10 players, one line per round.
var published = map[int][]string{
	4: {"1-4 2-3", "4-3 1-2", "2-4 3-1"},
	6: {"1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"},
	8: {"1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2", "2-8 3-1 4-7 5-6", "8-6 7-5 1-4 2-3",
		"3-8 4-2 5-1 6-7", "8-7 1-6 2-5 3-4", "4-8 5-3 6-2 7-1"},
	10: {"1-10 2-9 3-8 4-7 5-6", "10-6 7-5 8-4 9-3 1-2", "2-10 3-1 4-9 5-8 6-7",
		"10-7 8-6 9-5 1-4 2-3", "3-10 4-2 5-1 6-9 7-8", "10-8 9-7 1-6 2-5 3-4",
		"4-10 5-3 6-2 7-1 8-9", "10-9 1-8 2-7 3-6 4-5", "5-10 6-4 7-3 8-2 9-1"},
}

func TestBergerPublished(t *testing.T) {
	for n, want := range published {
		rounds, err := Berger(n)
		if err != nil {
			t.Fatal(err)
		}
		if len(rounds) != len(want) {
			t.Fatalf("n=%d: got %d rounds, want %d", n, len(rounds), len(want))
		}
		for r, pairs := range rounds {
			var parts []string
			for _, p := range pairs {
				parts = append(parts, fmt.Sprintf("%d-%d", p[0], p[1]))
			}
			if got := strings.Join(parts, " "); got != want[r] {
				t.Errorf("n=%d round %d: got %q, want %q", n, r+1, got, want[r])
			}
		}
	}
}

func TestBergerEveryPairOnce(t *testing.T) {
	for n := 2; n <= 21; n++ {
		rounds, err := Berger(n)
		if err != nil {
			t.Fatal(err)
		}
		met := map[[2]int]int{}
		for _, pairs := range rounds {
			seen := map[int]bool{}
			for _, p := range pairs {
				for _, x := range p {
					if seen[x] && x != 0 {
						t.Fatalf("n=%d: player %d twice in a round", n, x)
					}
					seen[x] = true
				}
				if p[0] != 0 && p[1] != 0 {
					met[[2]int{min(p[0], p[1]), max(p[0], p[1])}]++
				}
			}
		}
		if got, want := len(met), n*(n-1)/2; got != want {
			t.Errorf("n=%d: got %d pairs, want %d", n, got, want)
		}
		for p, k := range met {
			if k != 1 {
				t.Errorf("n=%d: pair %v met %d times", n, p, k)
			}
		}
	}
}

func TestBergerColoursBalanced(t *testing.T) {
	for _, n := range []int{4, 6, 8, 10} {
		rounds, _ := Berger(n)
		firsts := map[int]int{}
		for _, pairs := range rounds {
			for _, p := range pairs {
				firsts[p[0]]++
			}
		}
		for x := 1; x <= n; x++ {
			if d := 2*firsts[x] - (n - 1); d < -1 || d > 1 {
				t.Errorf("n=%d: player %d starts %d of %d games", n, x, firsts[x], n-1)
			}
		}
	}
}

func TestBergerRefusesOne(t *testing.T) {
	for _, n := range []int{-1, 0, 1} {
		if _, err := Berger(n); err == nil {
			t.Errorf("Berger(%d): got no error", n)
		}
	}
}

func TestDivisions(t *testing.T) {
	tests := []struct {
		n    int
		want []int
	}{{2, []int{2}}, {10, []int{10}}, {11, []int{6, 5}}, {23, []int{8, 8, 7}}, {30, []int{10, 10, 10}}}
	for _, tt := range tests {
		ps := make([]Player, tt.n)
		for i := range ps {
			ps[i] = Player{ID: fmt.Sprintf("p%02d", i), Rating: float64(1000 + 7*i%13*50)}
		}
		divs, err := Divisions(ps, MaxDivision)
		if err != nil {
			t.Fatal(err)
		}
		var got []int
		for d, div := range divs {
			got = append(got, len(div))
			if d > 0 && div[0].Rating > divs[d-1][len(divs[d-1])-1].Rating {
				t.Errorf("n=%d: division %d starts above the one before", tt.n, d)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("n=%d: got sizes %v, want %v", tt.n, got, tt.want)
		}
	}
	if _, err := Divisions(make([]Player, 5), 10000); err == nil {
		t.Error("a division of 10000: got no error")
	}
	if _, err := Divisions(make([]Player, 1), 10); err == nil {
		t.Error("divisions of 1 player: got no error")
	}
}
