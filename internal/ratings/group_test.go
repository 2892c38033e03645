package ratings_test

import (
	"slices"
	"testing"

	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/ratings"
)

func TestGroup(t *testing.T) {
	t.Parallel()
	reg := games.Registry()
	for _, tc := range []struct{ id, want string }{
		{"oxford", "oxford"},
		{"oxford:variant=standard", "oxford"},
		{"oxford:variant=beginner", "oxford:variant=beginner"},
		{"abraxas:board=3,push=free", "abraxas"},
		{"abraxas", "abraxas"},
		{"oshi", "oshi"},
		{"yoxii", "yoxii"},
	} {
		g, id, err := reg.Lookup(tc.id)
		if err != nil {
			t.Fatal(err)
		}
		if got := ratings.Group(g, id); got != tc.want {
			t.Errorf("Group(%s) = %q, want %q", tc.id, got, tc.want)
		}
	}
}

func TestPools(t *testing.T) {
	t.Parallel()
	reg := games.Registry()
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"oxford", []string{"oxford", "oxford:variant=beginner"}},
		{"abraxas", []string{"abraxas"}},
		{"oshi", []string{"oshi"}},
	} {
		g, _, err := reg.Lookup(tc.name)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range ratings.Pools(g) {
			got = append(got, p.Group)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("Pools(%s) = %v, want %v", tc.name, got, tc.want)
		}
	}
	g, _, _ := reg.Lookup("oxford")
	if p := ratings.Pools(g); len(p[0].Label) != 0 || p[1].Label["fr"] != "Débutant (sans bases)" {
		t.Errorf("got labels %v, %v; want none, then the beginner variant's", p[0].Label, p[1].Label)
	}
}

func TestNearestLevel(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		r    float64
		want int
	}{{ratings.Start, 4}, {400, 1}, {3000, 8}} {
		got, err := ratings.NearestLevel("oshi", ratings.Rating{R: tc.r, RD: 50, Vol: 0.06})
		if err != nil || got != tc.want {
			t.Errorf("NearestLevel(oshi, %v) = %d, %v; want %d", tc.r, got, err, tc.want)
		}
	}
}
