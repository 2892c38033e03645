package tournaments

import (
	"github.com/plateau-games/plateau/games"
	"testing"

	"github.com/plateau-games/plateau/internal/lab"
)

func TestEdgeOf(t *testing.T) {
	f := lab.File{Game: "g", Runs: []lab.Report{
		{ID: "g", Source: lab.SelfPlay, Level: 2, Stats: lab.Stats{FirstWins: lab.Rate{Count: 100}, SecondWins: lab.Rate{Count: 100}}},
		{ID: "g", Source: lab.SelfPlay, Level: 8, Stats: lab.Stats{FirstWins: lab.Rate{Count: 30}, SecondWins: lab.Rate{Count: 10}}},
		{ID: "g:x=1", Source: lab.SelfPlay, Level: 8, Stats: lab.Stats{FirstWins: lab.Rate{Count: 0}, SecondWins: lab.Rate{Count: 8}}},
		{ID: "g:x=2", Source: lab.SelfPlay, Level: 8, Stats: lab.Stats{FirstWins: lab.Rate{Count: 9}, SecondWins: lab.Rate{Count: 7}}},
	}}
	tests := []struct {
		id    string
		level int
		edge  bool
	}{{"g", 8, true}, {"g:x=1", 8, true}, {"g:x=2", 8, false}, {"g:x=3", 8, true}}
	for _, tt := range tests {
		e, ok := EdgeOf(f, tt.id)
		if !ok || e.Level != tt.level || e.Edge != tt.edge {
			t.Errorf("EdgeOf(%q): got %+v %v, want level %d edge %v", tt.id, e, ok, tt.level, tt.edge)
		}
	}
	if _, ok := EdgeOf(f, "other"); ok {
		t.Error("EdgeOf(other): got an edge from no data")
	}
}

// TestGamesPerPairingFromLab reads the published lab data: Abraxas and
// Oxford at level 8 favour the first player; an organiser's choice wins.
func TestGamesPerPairingFromLab(t *testing.T) {
	tests := []struct {
		id        string
		organiser int
		want      int
	}{
		{"abraxas", 0, 2}, {"abraxas:board=3", 0, 2}, {"oxford", 0, 2},
		{"abraxas", 1, 1}, {"oshi", 2, 2}, {"nosuchgame", 0, 1},
	}
	for _, tt := range tests {
		if got := GamesPerPairing(games.Registry(), tt.id, tt.organiser); got != tt.want {
			t.Errorf("GamesPerPairing(%q, %d): got %d, want %d", tt.id, tt.organiser, got, tt.want)
		}
	}
}
