package ai

import (
	"testing"
)

func TestLevelRatings(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		id   string
		want [MaxLevel]float64
	}{
		// Computed apart (Python) from the scores of docs/strength.md:
		// Oxford's steps on its tuned weights are +210 +402 +436 below
		// level 4, +215 +196 +235 +478 above.
		{"oxford", [MaxLevel]float64{452, 662, 1064, 1500, 1715, 1910, 2146, 2624}},
		{"oxford:variant=beginner", [MaxLevel]float64{980, 1127, 1309, 1500, 1715, 1854, 2069, 2114}},
		// push=free's ladder on any board; its 100% top step counts 99.5%.
		{"abraxas:board=2,push=free", [MaxLevel]float64{1024, 1163, 1344, 1500, 1664, 2268, 2399, 3318}},
		{"unknown", [MaxLevel]float64{1177, 1285, 1392, 1500, 1608, 1715, 1823, 1930}},
	} {
		got, err := LevelRatings(tc.id)
		if err != nil || got != tc.want {
			t.Errorf("LevelRatings(%q) = %v, %v; want %v", tc.id, got, err, tc.want)
		}
	}
	if _, err := LevelRatings("Bad Id"); err == nil {
		t.Errorf("LevelRatings(bad id): got no error")
	}
}

func TestLevelsRise(t *testing.T) {
	t.Parallel()
	for _, id := range []string{"oxford", "oshi", "yoxii", "abraxas", "abraxas:board=3", "abraxas:board=5", "abraxas:push=free", "oxford:variant=beginner"} {
		r, err := LevelRatings(id)
		if err != nil {
			t.Fatal(err)
		}
		for l := 1; l < MaxLevel; l++ {
			if r[l] <= r[l-1] {
				t.Errorf("%s: level %d rated %v, not above level %d's %v", id, l+1, r[l], l, r[l-1])
			}
		}
		if r[DefaultLevel-1] != AnchorRating {
			t.Errorf("%s: default level rated %v, want %v", id, r[DefaultLevel-1], AnchorRating)
		}
	}
}

func TestNearestLevel(t *testing.T) {
	t.Parallel()
	// oxford: 452 662 1064 1500 1715 1910 2146 2624 (the midpoint
	// 557 of levels 1 and 2 goes to the lower)
	for _, tc := range []struct {
		r    float64
		want int
	}{{0, 1}, {452, 1}, {557, 1}, {558, 2}, {1500, 4}, {1607, 4}, {1608, 5}, {2500, 8}, {9999, 8}} {
		got, err := NearestLevel("oxford", tc.r)
		if err != nil || got != tc.want {
			t.Errorf("NearestLevel(oxford, %v) = %d, %v; want %d", tc.r, got, err, tc.want)
		}
	}
}

func TestLadder(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name             string
		measured, listed bool
	}{
		{"oxford", true, true}, {"oshi", true, true}, {"yoxii", true, true}, {"abraxas", true, true},
		{"unknown", false, false}, {"oxford:variant=beginner", false, false},
	} {
		if m, l := Ladder(tc.name); m != tc.measured || l != tc.listed {
			t.Errorf("Ladder(%q) = %v, %v; want %v, %v", tc.name, m, l, tc.measured, tc.listed)
		}
	}
	for name, build := range ladders() {
		if build == nil {
			continue
		}
		rows := build()
		for i, m := range rows {
			if last := i == len(rows)-1; last != (m.when[0] == "") {
				t.Errorf("%s row %d: options %v; want the default row, without options, last and only last", name, i, m.when)
			}
		}
	}
}
