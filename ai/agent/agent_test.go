package agent_test

import (
	"context"
	"errors"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

func TestEverySpecPlaysLegalMoves(t *testing.T) {
	t.Parallel()
	specs := []string{"random", "mcts:iters=50", "mcts:iters=50,cutoff=2,noise=0.5", "ab:depth=2", "ab:nodes=100,noise=1",
		"top:threads=2,time=20ms", "ab:nodes=300,threads=2", "mcts:iters=300,threads=2", "mcts:time=20ms,solvetime=5ms", "ab:time=20ms,solve=50,solvetime=5ms"}
	for l := 1; l <= ai.MaxLevel; l++ {
		specs = append(specs, "level:"+string(rune('0'+l)))
	}
	for _, text := range specs {
		t.Run(text, func(t *testing.T) {
			t.Parallel()
			a, _, err := agent.Parse(text, "tictactoe", 1)
			if err != nil {
				t.Fatal(err)
			}
			s, _ := tictactoe.Parse("3/3/3 x")
			for s.Result() == 0 {
				m, _, err := a.Choose(context.Background(), s, nil)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := s.ParseMove(s.FormatMove(m)); err != nil || m > 8 {
					t.Fatalf("got move %d in %s, want a legal one", m, s)
				}
				s.Play(m)
			}
		})
	}
}

func TestBadSpec(t *testing.T) {
	t.Parallel()
	for _, text := range []string{"", "chess", "mcts:time=-1s", "level:9", "level:x", "ab:iters=5", "mcts:noise=2", "random:depth=3",
		"ab:net=model.json" /* named but not loaded (net.LoadSpec) */} {
		if _, _, err := agent.Parse(text, "tictactoe", 1); !errors.Is(err, ai.ErrBadSpec) {
			t.Errorf("%q: got %v, want ErrBadSpec", text, err)
		}
	}
}

func TestLevelMover(t *testing.T) {
	t.Parallel()
	for level := 1; level <= ai.MaxLevel; level++ {
		s, _ := tictactoe.Parse("XX1/OO1/3 x")
		m, err := agent.LevelMover{}.Move(context.Background(), "tictactoe", s, level)
		if err != nil || m > 8 {
			t.Errorf("level %d: got move %d, %v, want a legal move", level, m, err)
		}
	}
	s, _ := tictactoe.Parse("3/3/3 x")
	if _, err := (agent.LevelMover{}).Move(context.Background(), "tictactoe", s, 9); err == nil {
		t.Error("level 9: got no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if m, err := (agent.LevelMover{}).Move(ctx, "tictactoe", s, ai.MaxLevel); err != nil || m > 8 {
		t.Errorf("cancelled: got %d, %v, want a legal move at once", m, err)
	}
	if _, err := (agent.LevelMover{}).Move(context.Background(), "tictactoe", ttt(t, "XXX/OO1/3 o"), 3); !errors.Is(err, ai.ErrNoMoves) {
		t.Errorf("finished game: got %v, want ErrNoMoves", err)
	}
}

func ttt(t *testing.T, pos string) *tictactoe.State {
	t.Helper()
	s, err := tictactoe.Parse(pos)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
