package lab

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// TestReplay observes a recorded game: the legal moves before each ply
// are 9, 8, 7, ..., the recorded result stands (a resignation after 5
// plies), and the first mover and scorer are noted.
func TestReplay(t *testing.T) {
	t.Parallel()
	moves := []string{"b2", "a1", "c3", "a3", "a2"}
	o, err := Replay(context.Background(), start(t), moves, game.SecondWins, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if o.Key == 0 {
		t.Error("got no key for the game's moves")
	}
	o.Key = 0
	want := Observed{Result: game.SecondWins, Branching: []int{9, 8, 7, 6, 5}, FirstMove: "b2"}
	if !reflect.DeepEqual(o, want) {
		t.Errorf("got %+v, want %+v", o, want)
	}
}

// TestReplayJudged: after a1 b1 (mid-game of a 5-ply game) x wins by
// force, as a perfect judge finds, and x won.
func TestReplayJudged(t *testing.T) {
	t.Parallel()
	moves := []string{"a1", "b1", "b2", "c1", "c3"}
	o, err := Replay(context.Background(), start(t), moves, game.FirstWins, specAgent(t, "ab:depth=9"), 1)
	if err != nil {
		t.Fatal(err)
	}
	if !o.Judged || o.Ahead != game.First || !o.Scored || o.FirstScorer != game.First {
		t.Errorf("got judged %v ahead %v, scored %v by %v; want x ahead and first to score", o.Judged, o.Ahead, o.Scored, o.FirstScorer)
	}
}

func start(t *testing.T) game.State {
	t.Helper()
	s, err := tictactoe.Game().Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestReplayErrors: a bad record is an error, not a crash.
func TestReplayErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		moves  []string
		result game.Result
		want   error
	}{
		{"illegal", []string{"b2", "b2"}, game.Draw, game.ErrIllegalMove},
		{"malformed", []string{"z9"}, game.Draw, game.ErrBadMove},
		{"ongoing", []string{"b2"}, game.Ongoing, nil},
	}
	for _, tt := range tests {
		_, err := Replay(context.Background(), start(t), tt.moves, tt.result, nil, 0)
		if err == nil || (tt.want != nil && !errors.Is(err, tt.want)) {
			t.Errorf("%s: got error %v, want %v", tt.name, err, tt.want)
		}
	}
}
