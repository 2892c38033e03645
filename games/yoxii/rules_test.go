package yoxii

import (
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/gametest"
)

func TestConformance(t *testing.T) {
	t.Parallel()
	playouts := 200
	if testing.Short() {
		playouts = 30
	}
	gametest.Run(t, Game(), gametest.Config{
		Positions: []string{
			"yxo/i1o1y/2iY3/YIOTOI1/4X2/5/3 w",
			"3/5/2yoyOI/2iTX1Y/2oxiOI/5/Y2 w",
			"yix/x3o/7/7/7/1OOO1/OTO w",
			"3/3Xy/I1XiT2/O2ooXY/O1o1o1I/3o1/Y1i r",
		},
		Playouts: playouts,
		Seed:     2,
	})
}

func TestPerftFile(t *testing.T) {
	t.Parallel()
	gametest.RunPerftFile(t, game.NewRegistry(Game()), "testdata/yoxii.perft", 10_000_000)
}

func TestResult(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, pos string
		result    game.Result
		scores    [2]int
		reason    string
	}{
		{"start", StartPosition, game.Ongoing, [2]int{0, 0}, ""},
		{"ongoing scores count too", "yxo/i1o1y/2iY3/YIOTOI1/4X2/5/3 w", game.Ongoing, [2]int{9, 2}, ""},
		{"higher sum wins", "3/5/7/7/6O/1oiy1/XTX w", game.FirstWins, [2]int{8, 6},
			"totem blocked: white 8, red 6"},
		{"equal sums, more pieces wins", "3/5/7/7/6O/1ioy1/XTI w", game.SecondWins, [2]int{6, 6},
			"totem blocked: white 6, red 6; pieces around it: white 2, red 3"},
		{"equal sums and pieces: draw", "3/5/7/7/4o2/xoO2/TXI w", game.Draw, [2]int{5, 5},
			"totem blocked: white 5, red 5; pieces around it: white 2, red 2"},
		{"over for red", "yix/x4/7/7/7/1OOO1/OTO r", game.FirstWins, [2]int{5, 0},
			"totem blocked: white 5, red 0"},
		{"not over for white", "yix/x3o/7/7/7/1OOO1/OTO w", game.Ongoing, [2]int{5, 0}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := Parse(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Result(); got != tc.result {
				t.Errorf("result: got %s, want %s", got, tc.result)
			}
			if got := s.Scores(); got != tc.scores {
				t.Errorf("scores: got %v, want %v", got, tc.scores)
			}
			if got := s.Reason(); got != tc.reason {
				t.Errorf("reason: got %q, want %q", got, tc.reason)
			}
		})
	}
}

// TestFullBoard plays until the board could be full and checks that no
// player ever lacks a piece to place, as the spec promises.
func TestFullBoard(t *testing.T) {
	t.Parallel()
	// Red to act with one empty square, e1, reachable by a step from d1:
	// after it the board is full and white cannot move.
	s, err := Parse("YYI/iIyYX/OioiyYO/OYyyxiI/IXxxOoO/ooyiI/XT1 r")
	if err != nil {
		t.Fatal(err)
	}
	if got := game.MoveStrings(s); len(got) != 1 || got[0] != "e1,1@d1" {
		t.Fatalf("moves: got %v, want [e1,1@d1]", got)
	}
	s.Play(s.Moves(nil)[0])
	if s.Result() == game.Ongoing {
		t.Errorf("full board %s: got ongoing, want finished", s)
	}
}
