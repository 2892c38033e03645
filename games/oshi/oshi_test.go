package oshi

import (
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/gametest"
)

func TestConformance(t *testing.T) {
	t.Parallel()
	playouts := 60
	if testing.Short() {
		playouts = 15
	}
	gametest.Run(t, Game(), gametest.Config{Playouts: playouts, Seed: 7, Positions: conformancePositions})
}

// conformancePositions are extra starts for the conformance suite: an
// impasse, both sides one push from seven, drops of both colours, a pass.
var conformancePositions = []string{
	"t7t/2dsssd2/9/4s4/4S4/9/9/2DSSSD2/T7T w 0-0 e6e5",
	"8t/9/9/9/TtDd5/9/9/9/8T r 6-6 -",
	"1d2t3t/3s5/9/9/5TsS1/9/2D6/9/T3S4 r 4-4 -",
	"9/9/9/9/t8/t8/Sd7/Ddss5/TSSss4 r 0-6 a2a1,a3b3,b1a1,c1c2",
}

func TestPerftFile(t *testing.T) {
	t.Parallel()
	gametest.RunPerftFile(t, game.NewRegistry(Game()), "testdata/oshi.perft", 50_000)
}

func TestGameDescription(t *testing.T) {
	t.Parallel()
	g := Game()
	if g.Name != "oshi" || g.Title != "Oshi" || g.Players != [2]string{"red", "white"} || len(g.Options) != 0 {
		t.Errorf("got %q %q %v %v, want oshi Oshi [red white] and no options", g.Name, g.Title, g.Players, g.Options)
	}
	reg := game.NewRegistry(g)
	s, err := reg.New("oshi", "")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.String(); got != StartPosition {
		t.Errorf("start: got %q, want %q", got, StartPosition)
	}
	if s.ToAct() != game.First {
		t.Errorf("start: %s to act, want first (red)", s.ToAct())
	}
	if _, err := reg.New("oshi:size=7", ""); err == nil {
		t.Errorf("an option was accepted")
	}
	if st, err := g.Parse(nil, "bad"); err == nil || st != nil {
		t.Errorf("bad position: got state %v and error %v, want nil and an error", st, err)
	}
}
