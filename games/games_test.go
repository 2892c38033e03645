package games_test

import (
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// TestTexts checks that every game of the list, and the test game, has
// every text a front end shows in every language, and that the phases of
// positions met in random games have theirs.
func TestTexts(t *testing.T) {
	t.Parallel()
	list := append(games.Registry().Games(), tictactoe.Game())
	for _, g := range list {
		t.Run(g.Name, func(t *testing.T) {
			t.Parallel()
			if err := g.Check(); err != nil {
				t.Fatal(err)
			}
			if g.Title == "" {
				t.Error("got no title")
			}
			for _, id := range g.IDs() {
				checkPhases(t, id, g)
			}
		})
	}
}

// checkPhases plays a few random games of a game id and checks every
// phase it meets.
func checkPhases(t *testing.T, id string, g game.Game) {
	t.Helper()
	reg := game.NewRegistry(g)
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 3; n++ {
		s, err := reg.New(id, "")
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		for ply := 0; ply < 200 && s.Result() == game.Ongoing; ply++ {
			if ph, ok := s.(game.Phaser); ok {
				if err := ph.Phase().Check(); err != nil {
					t.Fatalf("%s %s: %v", id, s, err)
				}
			}
			moves := s.Moves(nil)
			s.Play(moves[rng.IntN(len(moves))])
		}
	}
}

// TestOneList checks the list's order and names, which the home page
// shows in that order.
func TestOneList(t *testing.T) {
	t.Parallel()
	got := games.Registry().Names()
	want := []string{"oxford", "oshi", "yoxii", "abraxas"}
	if len(got) != len(want) {
		t.Fatalf("got games %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("got games %v, want %v", got, want)
		}
	}
}
