package agent

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

func legalIn(s game.State, m game.Move) bool {
	for _, l := range s.Moves(nil) {
		if l == m {
			return true
		}
	}
	return false
}

// TestKeptMoverReuses: the agent that answered a position answers the
// position after the reply to its move (it is taken, then kept again);
// a position nobody expects gets a fresh agent, also kept. Level 6 plays
// tic-tac-toe without noise, so that no game ends early.
func TestKeptMoverReuses(t *testing.T) {
	t.Parallel()
	k := &KeptMover{}
	s, _ := tictactoe.Parse("3/3/3 x")
	for ply := 0; ply < 2; ply++ { // nobody wins with two marks

		m, err := k.Move(context.Background(), "tictactoe", s.Clone(), 6)
		if err != nil || !legalIn(s, m) {
			t.Fatalf("ply %d: got move %d, %v, want a legal move", ply, m, err)
		}
		s.Play(m)
		if got := k.kept(); got != 1 {
			t.Fatalf("ply %d: got %d agents kept, want the one reused", ply, got)
		}
		s.Play(s.Moves(nil)[0])
	}
	other, _ := tictactoe.Parse("X2/1O1/3 x")
	if _, err := k.Move(context.Background(), "tictactoe", other, 6); err != nil {
		t.Fatal(err)
	}
	if got := k.kept(); got != 2 {
		t.Errorf("got %d agents kept, want 2 (the last game's and a fresh one)", got)
	}
}

// TestKeptMoverBounds: at most Size agents are kept, and games played at
// once (each by its own goroutine) get legal moves.
func TestKeptMoverBounds(t *testing.T) {
	t.Parallel()
	k := &KeptMover{Size: 3}
	var wg sync.WaitGroup
	for _, pos := range []string{"3/3/3 x", "X2/3/3 o", "1X1/3/3 o", "2X/3/3 o", "3/1X1/3 o", "3/3/X2 o"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, _ := tictactoe.Parse(pos)
			for s.Result() == game.Ongoing {
				m, err := k.Move(context.Background(), "tictactoe", s.Clone(), 4)
				if err != nil || !legalIn(s, m) {
					t.Errorf("%s: got move %d, %v, want a legal move", s, m, err)
					return
				}
				s.Play(m)
			}
		}()
	}
	wg.Wait()
	if got := k.kept(); got > 3 {
		t.Errorf("got %d agents kept, want at most 3", got)
	}
}

// TestKeptMoverTop: with TopThreads, level 8 is the top search on that
// many threads for the time the context leaves; other levels are theirs.
func TestKeptMoverTop(t *testing.T) {
	t.Parallel()
	k := &KeptMover{TopThreads: 2}
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	sp, err := k.spec(ctx, "tictactoe", ai.MaxLevel)
	if err != nil || sp.Threads != 2 || sp.Limits.Time < 50*time.Minute || sp.Limits.Time >= time.Hour || sp.Limits.Nodes != 0 {
		t.Errorf("level 8: got %+v, %v, want 2 threads for the hour less the margin", sp, err)
	}
	if sp, err = k.spec(context.Background(), "tictactoe", ai.MaxLevel); err != nil || sp.Limits.Time != ai.TopTime {
		t.Errorf("level 8 without a deadline: got %+v, %v, want ai.TopTime", sp, err)
	}
	want, _ := ai.Level("tictactoe", 7)
	if sp, err = k.spec(ctx, "tictactoe", 7); err != nil || sp != want {
		t.Errorf("level 7: got %+v, %v, want %+v", sp, err, want)
	}
	s, _ := tictactoe.Parse("XX1/OO1/3 x")
	short, cancel2 := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel2()
	if m, err := k.Move(short, "tictactoe", s.Clone(), ai.MaxLevel); err != nil || s.FormatMove(m) != "c3" {
		t.Errorf("top: got %q, %v, want the win c3", s.FormatMove(m), err)
	}
}
