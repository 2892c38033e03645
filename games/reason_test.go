package games_test

import (
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games"
)

// TestReasonTexts plays seeded random games of every game and option to
// the end: each end reason must exist in every language, its English
// being Reason's own words.
func TestReasonTexts(t *testing.T) {
	t.Parallel()
	reg := games.Registry()
	for _, g := range reg.Games() {
		for _, id := range g.IDs() {
			r := rand.New(rand.NewPCG(7, uint64(len(id))))
			ended := 0
			for n := range 6 {
				s, err := reg.New(id, "")
				if err != nil {
					t.Fatal(err)
				}
				if _, ok := s.(game.Reasoner); !ok {
					t.Fatalf("%s: got no game.Reasoner, want one", id)
				}
				for ply := 0; ply < 2000 && s.Result() == game.Ongoing; ply++ {
					moves := s.Moves(nil)
					s.Play(moves[r.IntN(len(moves))])
				}
				if s.Result() == game.Ongoing {
					continue
				}
				ended++
				text := game.ReasonText(s)
				if text["en"] != s.Reason() || text.Check(id+" reason") != nil {
					t.Errorf("%s game %d: got reason text %q, want English %q and French", id, n, text, s.Reason())
				}
			}
			if ended == 0 {
				t.Errorf("%s: no random game ended, want some to check", id)
			}
		}
	}
}
