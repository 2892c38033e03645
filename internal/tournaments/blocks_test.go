package tournaments

import (
	"slices"
	"testing"
)

// met reports whether a and b play each other in ms.
func met(ms []Match, a, b string) bool {
	return slices.ContainsFunc(ms, func(m Match) bool {
		return (m.First == a && m.Second == b) || (m.First == b && m.Second == a)
	})
}

// TestSwissAvoidsBlocks: two players of whom one blocked the other are
// kept apart while any pairing does so, even at the price of a rematch
// or of a wider score gap; alone, they still meet.
func TestSwissAvoidsBlocks(t *testing.T) {
	tests := []struct {
		name    string
		players []SwissPlayer
		apart   [2]string
		meet    bool
	}{
		{"the natural pair is blocked", []SwissPlayer{
			{ID: "a", Score: 1, Rating: 2000, Avoid: []string{"b"}}, {ID: "b", Score: 1, Rating: 1990},
			{ID: "c", Score: 0, Rating: 1500}, {ID: "d", Score: 0, Rating: 1490},
		}, [2]string{"a", "b"}, false},
		{"blocked by the other, rematches rather", []SwissPlayer{
			{ID: "a", Score: 1, Rating: 2000, Met: []string{"c", "d"}}, {ID: "b", Score: 1, Rating: 1990, Avoid: []string{"a"}, Met: []string{"c", "d"}},
			{ID: "c", Score: 0, Rating: 1500, Met: []string{"a", "b"}}, {ID: "d", Score: 0, Rating: 1490, Met: []string{"a", "b"}},
		}, [2]string{"a", "b"}, false},
		{"alone, they meet", []SwissPlayer{
			{ID: "a", Rating: 2000, Avoid: []string{"b"}}, {ID: "b", Rating: 1990},
		}, [2]string{"a", "b"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ms, err := Swiss(tt.players, 1)
			if err != nil {
				t.Fatal(err)
			}
			if got := met(ms, tt.apart[0], tt.apart[1]); got != tt.meet {
				t.Errorf("got %v (%s and %s meet: %v), want meet %v", ms, tt.apart[0], tt.apart[1], got, tt.meet)
			}
		})
	}
}

// TestArenaAvoidsBlocks: an arena never pairs two players of whom one
// blocked the other, even when they are the only two waiting.
func TestArenaAvoidsBlocks(t *testing.T) {
	tests := []struct {
		name    string
		waiting []ArenaPlayer
		want    int // games paired
	}{
		{"three waiting", []ArenaPlayer{{ID: "a", Rating: 2000, Avoid: []string{"b"}}, {ID: "b", Rating: 1990}, {ID: "c", Rating: 1500}}, 1},
		{"the two alone", []ArenaPlayer{{ID: "a", Rating: 2000}, {ID: "b", Rating: 1990, Avoid: []string{"a"}}}, 0},
		{"no block", []ArenaPlayer{{ID: "a", Rating: 2000}, {ID: "b", Rating: 1990}}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ms := PairArena(tt.waiting, 0, 1)
			if len(ms) != tt.want || (tt.name != "no block" && met(ms, "a", "b")) {
				t.Errorf("got %v, want %d games and never a against b", ms, tt.want)
			}
		})
	}
}
