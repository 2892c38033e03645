package main

import (
	"context"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

func TestEngineGoInfo(t *testing.T) {
	t.Parallel()
	line := regexp.MustCompile(`^info depth \d+ nodes \d+ nps \d+ (score (mate )?-?\d+|wp [01]\.\d{3})( pv( [a-c][1-3])+)?$`)
	for _, limit := range []string{"nodes 300", "depth 3", "movetime 30"} {
		t.Run(limit, func(t *testing.T) {
			t.Parallel()
			out, _, _ := runCmd(t, "newgame tictactoe XX1/O2/3 o\ngo "+limit+"\n", "engine")
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if len(lines) < 5 || lines[len(lines)-2] != "bestmove c3" {
				t.Fatalf("got %q, want info lines then bestmove c3", out)
			}
			for _, l := range lines[2 : len(lines)-2] {
				if !line.MatchString(l) {
					t.Errorf("got info line %q, want depth, nodes, nps, score or wp, and pv", l)
				}
			}
		})
	}
}

// TestSearchesPlayLegalMoves asks every kind of agent for a move in
// positions from random playouts of every game the binary offers, plus
// tic-tac-toe, and checks each move is legal.
func TestSearchesPlayLegalMoves(t *testing.T) {
	t.Parallel()
	specs := []string{"mcts:iters=30", "mcts:iters=30,cutoff=3", "mcts:iters=30,policy=1,order=1,widen=3", "ab:depth=2", "ab:nodes=200", "random", "level:1"}
	games := append(registry().Games(), tictactoe.Game())
	for _, g := range games {
		t.Run(g.Name, func(t *testing.T) {
			t.Parallel()
			positions := 2000
			if testing.Short() {
				positions = 200
			}
			rng := rand.New(rand.NewPCG(1, 2))
			agents := make([]ai.Agent, len(specs))
			for i, sp := range specs {
				var err error
				if agents[i], _, err = agent.Parse(sp, g.Name, uint64(i)); err != nil {
					t.Fatal(err)
				}
			}
			checkLegal(t, g, agents, specs, rng, positions)
		})
	}
}

func checkLegal(t *testing.T, g game.Game, agents []ai.Agent, specs []string, rng *rand.Rand, positions int) {
	t.Helper()
	s, err := g.Start(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < positions; n++ {
		if s.Result() != game.Ongoing {
			if s, err = g.Start(game.Options{}); err != nil {
				t.Fatal(err)
			}
		}
		moves := s.Moves(nil)
		i := n % len(agents)
		m, _, err := agents[i].Choose(context.Background(), s, nil)
		if err != nil {
			t.Fatalf("%s in %s: %v", specs[i], s, err)
		}
		if !slices.Contains(moves, m) {
			t.Fatalf("%s in %s: got the illegal move %q", specs[i], s, s.FormatMove(m))
		}
		s.Play(moves[rng.IntN(len(moves))])
	}
}

// BenchmarkSearch measures MCTS iterations and alpha-beta nodes per
// second for every game the binary offers, from a position 4 random
// plies into the game; the figures go to docs/perf.md.
func BenchmarkSearch(b *testing.B) {
	specs := []string{"mcts:iters=2000", "mcts:iters=2000,cutoff=8", "mcts:iters=2000,policy=1", "ab:nodes=20000", "level:8"}
	for _, g := range append(registry().Games(), tictactoe.Game()) {
		for _, text := range specs {
			b.Run(g.Name+"/"+text, func(b *testing.B) { benchNodes(b, g, text) })
		}
	}
}

func benchPosition(b *testing.B, g game.Game) game.State {
	b.Helper()
	rng := rand.New(rand.NewPCG(4, 4))
	for {
		s, err := g.Start(game.Options{})
		if err != nil {
			b.Fatal(err)
		}
		for i := 0; i < 4 && s.Result() == game.Ongoing; i++ {
			moves := s.Moves(nil)
			s.Play(moves[rng.IntN(len(moves))])
		}
		if s.Result() == game.Ongoing {
			return s
		}
	}
}

// The server's AI seats can be wired to the levels: serveDeps returns
// an *agent.KeptMover as its mover (agent.LevelMover{} without reuse).
var (
	_ server.Mover = agent.LevelMover{}
	_ server.Mover = (*agent.KeptMover)(nil)
)

// benchNodes reports the nodes per second of the agent spec text (a
// network it names loaded once, as plateau match does), a fresh agent
// for each search from benchPosition.
func benchNodes(b *testing.B, g game.Game, text string) {
	sp, err := parseSpec(text, g.Name)
	if err != nil {
		b.Fatal(err)
	}
	s := benchPosition(b, g)
	var nodes int64
	for b.Loop() {
		a, err := agent.New(sp, 1)
		if err != nil {
			b.Fatal(err)
		}
		_, info, err := a.Choose(context.Background(), s, nil)
		if err != nil {
			b.Fatal(err)
		}
		nodes += info.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
