package puzzles

import (
	"context"
	"slices"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// TestMinerFindsSave: in a position built for it (X threatens c3, and
// only c3 holds the draw) the miner's look finds the save puzzle, tagged
// and proved; where a move wins at once it finds the win puzzle, which
// a miner of save puzzles alone leaves; where two moves hold, nothing.
func TestMinerFindsSave(t *testing.T) {
	t.Parallel()
	reg := game.NewRegistry(tictactoe.Game())
	for _, tc := range []struct {
		pos      string
		kinds    []string
		want     string // the kind found, "-" for none
		solution string
	}{
		{"XX1/1O1/3 o", []string{KindWin, KindSave}, KindSave, "c3"},
		{"XX1/1O1/3 o", []string{KindSave}, KindSave, "c3"},
		{"XX1/1O1/3 o", nil, "-", ""},
		{"XX1/OO1/3 x", []string{KindWin, KindSave}, KindWin, "c3"},
		{"XX1/OO1/3 x", []string{KindSave}, "-", ""},
		{"3/1X1/3 o", []string{KindSave}, "-", ""},
	} {
		s, err := tictactoe.Parse(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		look, err := lookers(reg, MineConfig{Game: "tictactoe", Kinds: tc.kinds, MaxPlies: 3, Nodes: 100_000})
		if err != nil {
			t.Fatal(err)
		}
		p, ok := look(context.Background(), s)
		got := "-"
		if ok {
			got = p.Kind
		}
		if got != tc.want || (ok && p.Solution != tc.solution) {
			t.Errorf("%s, %v: got kind %q, %s, want %q, %s", tc.pos, tc.kinds, got, p.Solution, tc.want, tc.solution)
		}
		if got == KindSave && (p.Plies != 2 || !slices.Equal(p.Tags, []string{"save", "quiet"})) {
			t.Errorf("%s: got plies %d, tags %v, want 2, [save quiet]", tc.pos, p.Plies, p.Tags)
		}
		if s.String() != tc.pos {
			t.Errorf("%s: the look left %s", tc.pos, s)
		}
	}
	if _, err := lookers(reg, MineConfig{Kinds: []string{"draw"}}); err == nil {
		t.Error("kind draw: got no error, want one")
	}
}
