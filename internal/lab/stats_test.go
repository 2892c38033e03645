package lab

import (
	"slices"
	"testing"

	"github.com/plateau-games/plateau/game"
)

func repeat(x, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = x
	}
	return out
}

// TestSummarize checks every measure against values worked out by hand
// for three games: a of 10 plies with 1..10 moves (ply i in bucket i), b
// of 5 plies of 5 moves (ply i in bucket 2i) and c of 20 plies of 2
// moves (two plies a bucket).
func TestSummarize(t *testing.T) {
	t.Parallel()
	a := Observed{Result: game.FirstWins, Branching: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
		Ahead: game.First, Judged: true, FirstMove: "x", FirstScorer: game.Second, Scored: true, ScorePly: 3}
	b := Observed{Result: game.SecondWins, Branching: repeat(5, 5),
		Ahead: game.First, Judged: true, FirstMove: "y", FirstScorer: game.Second, Scored: true, ScorePly: 1}
	c := Observed{Result: game.Draw, Capped: true, Branching: repeat(2, 20), FirstMove: "x"}
	st := Summarize([]Observed{a, b, c})
	checks := []struct {
		name      string
		got, want Rate
	}{
		{"first wins", st.FirstWins, Wilson(1, 3)},
		{"second wins", st.SecondWins, Wilson(1, 3)},
		{"draws", st.Draws, Wilson(1, 3)},
		{"decisive", st.Decisive, Wilson(1, 2)},                     // a's leader won, b's lost
		{"first scorer", st.FirstScorerWins, Wilson(1, 2)},          // b's scorer won, a's lost
		{"second scores first", st.SecondScoresFirst, Wilson(2, 2)}, // in a and b
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, c.got, c.want)
		}
	}
	if st.Games != 3 || st.Capped != 1 || st.Distinct != 1 {
		t.Errorf("got %d games, %d capped, %d distinct; want 3, 1 and 1 (no keys set)", st.Games, st.Capped, st.Distinct)
	}
	if want := MeanOf([]float64{3, 1}); st.FirstScorePly != want {
		t.Errorf("first score ply: got %+v, want %+v", st.FirstScorePly, want)
	}
	if want := MeanOf([]float64{10, 5, 20}); st.Length != want {
		t.Errorf("length: got %+v, want %+v", st.Length, want)
	}
	// bucket k: a k+1, c 2 and 2, and b 5 in the even buckets: bucket 0
	// (1+5+2+2)/4, bucket 1 (2+2+2)/3, ..., bucket 9 (10+2+2)/3.
	want := []Branch{{2.5, 4}, {2, 3}, {3, 4}, {8.0 / 3, 3}, {3.5, 4}, {10.0 / 3, 3}, {4, 4}, {4, 3}, {4.5, 4}, {14.0 / 3, 3}}
	for k, w := range want {
		if g := st.Branching[k]; !near(g.Mean, w.Mean) || g.Plies != w.Plies {
			t.Errorf("bucket %d: got %+v, want %+v", k, g, w)
		}
	}
	wantOpen := []Opening{{Move: "x", Games: 2, FirstWins: 1, Draws: 1}, {Move: "y", Games: 1}}
	if !slices.Equal(st.FirstMoves, wantOpen) {
		t.Errorf("first moves: got %+v, want %+v", st.FirstMoves, wantOpen)
	}
}

// TestSummarizeNothing: no games give empty rates with the widest
// intervals, not a division by zero.
func TestSummarizeNothing(t *testing.T) {
	t.Parallel()
	st := Summarize(nil)
	if st.Games != 0 || st.FirstWins.Lo != 0 || st.FirstWins.Hi != 1 || len(st.Branching) != Buckets {
		t.Errorf("got %+v, want 0 games, intervals [0, 1], %d empty buckets", st, Buckets)
	}
}
