package lab

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

func tttReg() *game.Registry { return game.NewRegistry(tictactoe.Game()) }

func specAgent(t *testing.T, text string) NewAgent {
	t.Helper()
	sp, err := ai.ParseSpec(text, "tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	return func(seed uint64) (ai.Agent, error) { return agent.New(sp, seed) }
}

// TestRunPerfectPlay: tic-tac-toe searched to the end is a draw of 9
// plies every time, with 9-k moves at ply k (ply k of 9 falls in bucket
// 10k/9 = k, the last bucket stays empty), and a perfect judge finds
// mid-game level.
func TestRunPerfectPlay(t *testing.T) {
	t.Parallel()
	perfect := specAgent(t, "ab:depth=9")
	games, err := Run(context.Background(), Config{Reg: tttReg(), GameID: "tictactoe", Player: perfect,
		Judge: perfect, Games: 4, Concurrency: 1, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	st := Summarize(games)
	if st.Draws.Count != 4 || st.FirstWins.Count != 0 || st.Length.Mean != 9 || st.Distinct != 1 {
		t.Errorf("got %d draws, %d first wins, length %v, %d distinct; want 4, 0, 9 and one game repeated",
			st.Draws.Count, st.FirstWins.Count, st.Length.Mean, st.Distinct)
	}
	for k := range 9 {
		if got := st.Branching[k]; got.Mean != float64(9-k) || got.Plies != 4 {
			t.Errorf("bucket %d: got %+v, want mean %d over 4 plies", k, got, 9-k)
		}
	}
	if st.Branching[9].Plies != 0 || st.Decisive.N != 0 || st.FirstScorerWins.N != 0 {
		t.Errorf("got last bucket %+v, %d judged, %d scored; want all 0", st.Branching[9], st.Decisive.N, st.FirstScorerWins.N)
	}
}

// TestRunRandom: random games always start with 9 moves (bucket 0 is
// ply 0 alone in games under 10 plies), tic-tac-toe's winner is its only
// scorer, and the games are the same at any concurrency.
func TestRunRandom(t *testing.T) {
	t.Parallel()
	cfg := Config{Reg: tttReg(), GameID: "tictactoe", Player: specAgent(t, "random"),
		Judge: specAgent(t, "ab:depth=9"), Games: 40, OpeningPlies: 2, Seed: 3, Concurrency: 1}
	one, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Concurrency = 3
	three, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one, three) {
		t.Error("got different games at concurrency 1 and 3")
	}
	st := Summarize(one)
	if st.Distinct < 20 {
		t.Errorf("got %d distinct games of 40 random ones, want most", st.Distinct)
	}
	if b := st.Branching[0]; b.Mean != 9 || b.Plies != 40 {
		t.Errorf("bucket 0: got %+v, want 9 moves over 40 plies", b)
	}
	decisive := st.FirstWins.Count + st.SecondWins.Count
	if st.FirstScorerWins.N != decisive || st.FirstScorerWins.Count != decisive {
		t.Errorf("first scorer won %d of %d, want every one of the %d decisive games", st.FirstScorerWins.Count, st.FirstScorerWins.N, decisive)
	}
	var lastPlies []float64 // tic-tac-toe scores only with the winning move
	for _, g := range one {
		if g.Result != game.Draw {
			lastPlies = append(lastPlies, float64(g.Plies()-1))
		}
	}
	if want := MeanOf(lastPlies); st.FirstScorePly != want {
		t.Errorf("first score ply: got %+v, want the last ply's mean %+v", st.FirstScorePly, want)
	}
	if st.Decisive.N == 0 {
		t.Error("the perfect judge found no side ahead in 40 random games")
	}
}

// TestRunErrors: bad configurations fail with an error and no games.
func TestRunErrors(t *testing.T) {
	t.Parallel()
	bad := func(uint64) (ai.Agent, error) { return nil, errors.New("no agent") }
	tests := []struct {
		name string
		cfg  Config
	}{
		{"no games", Config{Reg: tttReg(), GameID: "tictactoe", Player: specAgent(t, "random")}},
		{"no player", Config{Reg: tttReg(), GameID: "tictactoe", Games: 1}},
		{"unknown game", Config{Reg: tttReg(), GameID: "chess", Player: specAgent(t, "random"), Games: 1}},
		{"agent fails", Config{Reg: tttReg(), GameID: "tictactoe", Player: bad, Games: 3}},
	}
	for _, tt := range tests {
		if got, err := Run(context.Background(), tt.cfg); err == nil || got != nil {
			t.Errorf("%s: got %d games and error %v, want an error", tt.name, len(got), err)
		}
	}
}

// fixed is a judge that always reports one win probability.
type fixed float64

func (f fixed) Choose(_ context.Context, s game.State, _ func(ai.Info)) (game.Move, ai.Info, error) {
	return s.Moves(nil)[0], ai.Info{WinProb: float64(f), HasWinProb: true}, nil
}

// TestAhead: the judge speaks for the player to act (here the second):
// above 0.55 that player is ahead, below 0.45 the other, between level.
func TestAhead(t *testing.T) {
	t.Parallel()
	s, err := tictactoe.Parse("X2/3/3 o")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		wp     float64
		want   game.Player
		judged bool
	}{
		{0.8, game.Second, true},
		{0.2, game.First, true},
		{0.52, 0, false},
		{0.46, 0, false},
	}
	for _, tt := range tests {
		p, judged, err := Ahead(context.Background(), fixed(tt.wp), s)
		if err != nil || p != tt.want || judged != tt.judged {
			t.Errorf("win probability %v: got %v %v %v, want %v %v", tt.wp, p, judged, err, tt.want, tt.judged)
		}
	}
}
