package games_test

import (
	"maps"
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
				if g.Reasons == nil {
					t.Fatalf("%s: the game has no Reasons, want one", id)
				}
				if got := g.Reasons(s.Reason()); !maps.Equal(got, text) {
					t.Errorf("%s game %d: the game's Reasons(%q) gives %q, want the state's %q", id, n, s.Reason(), got, text)
				}
			}
			if ended == 0 {
				t.Errorf("%s: no random game ended, want some to check", id)
			}
		}
	}
}

// TestTaken checks the count of taken pieces front ends compare to hear
// captures: none at the start, never below zero, and growing in some
// random games of every game that takes pieces.
func TestTaken(t *testing.T) {
	t.Parallel()
	reg := games.Registry()
	for _, g := range reg.Games() {
		s, err := reg.New(g.Name, "")
		if err != nil {
			t.Fatal(err)
		}
		tc, ok := s.(game.TakenCounter)
		if !ok {
			continue
		}
		if n := tc.Taken(); n != 0 {
			t.Errorf("%s: got %d taken at the start, want 0", g.Name, n)
		}
		r := rand.New(rand.NewPCG(3, 4))
		most := 0
		for ply := 0; ply < 2000 && s.Result() == game.Ongoing; ply++ {
			moves := s.Moves(nil)
			s.Play(moves[r.IntN(len(moves))])
			n := s.(game.TakenCounter).Taken()
			if n < 0 {
				t.Fatalf("%s ply %d: got %d taken, want >= 0", g.Name, ply, n)
			}
			most = max(most, n)
		}
		if most == 0 {
			t.Errorf("%s: no piece taken in a random game, want some", g.Name)
		}
	}
}
