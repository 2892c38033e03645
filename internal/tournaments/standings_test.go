package tournaments

import (
	"fmt"
	"testing"
)

func TestStandingsTieBreaks(t *testing.T) {
	ps := []Player{{"a", 1500}, {"b", 1500}, {"c", 1500}, {"d", 1400}}
	games := []Game{
		// round 1: a beats b, c draws d
		{Round: 1, First: "a", Second: "b", Score: 1},
		{Round: 1, Pair: 1, First: "c", Second: "d", Score: 0.5},
		// round 2: b beats c, d beats a
		{Round: 2, First: "b", Second: "c", Score: 1},
		{Round: 2, Pair: 1, First: "d", Second: "a", Score: 1},
	}
	st := Standings(ps, games)
	// scores: a 1, b 1, c 0.5, d 1.5
	want := []struct {
		id       string
		score    float64
		buchholz float64
	}{{"d", 1.5, 1.5}, {"a", 1, 2.5}, {"b", 1, 1.5}, {"c", 0.5, 2.5}}
	for i, w := range want {
		if st[i].ID != w.id || st[i].Score != w.score || st[i].Buchholz != w.buchholz || st[i].Rank != i+1 {
			t.Errorf("rank %d: got %+v, want %s score %v buchholz %v", i+1, st[i], w.id, w.score, w.buchholz)
		}
	}
	// a and b tie on 1: a beat b, head-to-head decides before Buchholz.
	if st[1].HeadToHead != 1 || st[2].HeadToHead != 0 {
		t.Errorf("head-to-head: got a %v b %v, want 1 and 0", st[1].HeadToHead, st[2].HeadToHead)
	}
	// d: drew c (0.5 x 0.5) + beat a (1 x 1) = 1.25
	if st[0].SonnebornBerger != 1.25 {
		t.Errorf("Sonneborn-Berger of d: got %v, want 1.25", st[0].SonnebornBerger)
	}
}

func TestStandingsPairsByesForfeits(t *testing.T) {
	ps := []Player{{"a", 1}, {"b", 2}, {"c", 3}}
	games := []Game{
		{Round: 1, First: "a", Second: "b", Score: 1},
		{Round: 1, First: "b", Second: "a", Score: 0.5},
		{Round: 1, Pair: 1, First: "c", Score: 2}, // bye worth a won pair
		{Round: 2, First: "c", Second: "a", Score: 1, Forfeit: true},
	}
	st := Standings(ps, games)
	got := fmt.Sprintf("%s %v %d %v, %s %v %d %d", st[0].ID, st[0].Score, st[0].Played, st[0].Buchholz, st[1].ID, st[1].Score, st[1].PairsWon, st[1].Played)
	if want := "c 3 0 0, a 1.5 1 2"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	ct := Crosstable([]string{"a", "b", "c"}, games)
	if ct[0][1] != (Cell{1.5, 2}) || ct[1][0] != (Cell{0.5, 2}) || ct[2][0] != (Cell{1, 1}) {
		t.Errorf("crosstable: got %v", ct)
	}
}
