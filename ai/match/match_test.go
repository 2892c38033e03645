package match_test

import (
	"bytes"
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/ai/match"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/record"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

func player(t *testing.T, spec string) match.Player {
	t.Helper()
	sp, err := ai.ParseSpec(spec, "tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	return match.Player{Name: spec, New: func(seed uint64) (ai.Agent, error) { return agent.New(sp, seed) }}
}

func config(t *testing.T, a, b string, games int) match.Config {
	return match.Config{Reg: game.NewRegistry(tictactoe.Game()), GameID: "tictactoe",
		A: player(t, a), B: player(t, b), Games: games, OpeningPlies: 1, Seed: 1}
}

func TestStrongerWinsAndRecords(t *testing.T) {
	t.Parallel()
	cfg := config(t, "mcts:iters=2000", "random", 20)
	var buf bytes.Buffer
	cfg.Records = &buf
	sum, err := match.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Games() != 20 || sum.Losses > 0 || sum.Wins < 10 {
		t.Errorf("got %+v, want 20 games, no loss and mostly wins", sum)
	}
	recs, err := record.Read(&buf)
	if err != nil || len(recs) != 20 {
		t.Fatalf("got %d records, %v, want 20", len(recs), err)
	}
	reg := game.NewRegistry(tictactoe.Game())
	plies := 0
	for _, r := range recs {
		if _, err := record.Play(reg, r); err != nil {
			t.Error(err)
		}
		plies += len(r.Moves)
	}
	if plies != sum.Plies {
		t.Errorf("got %d plies in records, want the summary's %d", plies, sum.Plies)
	}
}

func TestPairsShareOpenings(t *testing.T) {
	t.Parallel()
	cfg := config(t, "random", "random", 8)
	cfg.OpeningPlies = 3
	cfg.A.Name, cfg.B.Name = "A", "B"
	var buf bytes.Buffer
	cfg.Records = &buf
	if _, err := match.Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	recs, _ := record.Read(&buf)
	starts := map[string]string{}
	for _, r := range recs {
		pair := string(rune('0' + (atoi(r.ID)-1)/2))
		if s, ok := starts[pair]; ok && s != r.Start {
			t.Errorf("pair %s: got starts %q and %q, want the same", pair, s, r.Start)
		}
		starts[pair] = r.Start
		if strings.Count(r.Start, "X")+strings.Count(r.Start, "O") != 3 {
			t.Errorf("got start %q, want 3 pieces after 3 opening plies", r.Start)
		}
		want := "A"
		if atoi(r.ID)%2 == 0 {
			want = "B"
		}
		if r.First != want {
			t.Errorf("game %s: got %q first, want %q", r.ID, r.First, want)
		}
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

func TestDeterministicAcrossConcurrency(t *testing.T) {
	t.Parallel()
	var sums [2]match.Summary
	for i, c := range []int{1, 3} {
		cfg := config(t, "mcts:iters=50", "random", 12)
		cfg.Concurrency = c
		var err error
		if sums[i], err = match.Run(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
	}
	if sums[0] != sums[1] {
		t.Errorf("got %+v with one worker and %+v with three, want the same", sums[0], sums[1])
	}
}

func TestSPRTStopsEarly(t *testing.T) {
	t.Parallel()
	cfg := config(t, "mcts:iters=1000", "random", 400)
	sprt, err := match.ParseSPRT("0,100,0.05,0.05")
	if err != nil {
		t.Fatal(err)
	}
	cfg.SPRT = &sprt
	sum, err := match.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Decision != "H1" || sum.Games() >= 400 {
		t.Errorf("got %+v, want H1 accepted well before 400 games", sum)
	}
}

func TestErrors(t *testing.T) {
	t.Parallel()
	cfg := config(t, "random", "random", 0)
	if _, err := match.Run(context.Background(), cfg); err == nil {
		t.Error("0 games: got no error")
	}
	cfg = config(t, "random", "random", 4)
	boom := errors.New("boom")
	cfg.B.New = func(uint64) (ai.Agent, error) { return nil, boom }
	if _, err := match.Run(context.Background(), cfg); !errors.Is(err, boom) {
		t.Errorf("failing agent: got %v, want boom", err)
	}
	cfg = config(t, "random", "random", 4)
	cfg.GameID = "chess"
	if _, err := match.Run(context.Background(), cfg); !errors.Is(err, game.ErrBadID) {
		t.Errorf("bad game: got %v, want ErrBadID", err)
	}
	for _, s := range []string{"", "1,2,3", "5,0,0.05,0.05", "0,5,0,0.05", "0,5,x,0.1"} {
		if _, err := match.ParseSPRT(s); err == nil {
			t.Errorf("SPRT %q: got no error", s)
		}
	}
}

func TestStats(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		s   match.Summary
		elo float64
	}{
		{match.Summary{Wins: 50, Losses: 50}, 0},
		{match.Summary{Wins: 75, Draws: 0, Losses: 25}, 190.85},
		{match.Summary{Wins: 750, Losses: 250}, 190.85},
	} {
		d, lo, hi := tc.s.Elo()
		if math.Abs(d-tc.elo) > 0.1 || !(lo < d && d < hi) {
			t.Errorf("%+v: got %.2f [%.2f, %.2f], want %.2f inside its interval", tc.s, d, lo, hi, tc.elo)
		}
	}
	_, lo1, hi1 := match.Summary{Wins: 75, Losses: 25}.Elo()
	_, lo2, hi2 := match.Summary{Wins: 750, Losses: 250}.Elo()
	if hi2-lo2 >= hi1-lo1 {
		t.Errorf("got interval %.1f with 1000 games, %.1f with 100, want it narrower", hi2-lo2, hi1-lo1)
	}
	if d, _, _ := (match.Summary{Wins: 3}).Elo(); !math.IsInf(d, 1) {
		t.Errorf("all wins: got %v, want +Inf", d)
	}
}

func FuzzParseSPRT(f *testing.F) {
	for _, s := range []string{"0,50,0.05,0.05", "-10,10,0.1,0.2", "1,2,3", "0,inf,0.05,0.05"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		sp, err := match.ParseSPRT(text)
		if err != nil {
			return
		}
		lo, hi := sp.Bounds()
		if !(lo < 0 && hi > 0) || math.IsNaN(sp.LLR(match.Summary{Wins: 3, Draws: 1})) {
			t.Fatalf("%q: got bounds %v, %v and LLR %v", text, lo, hi, sp.LLR(match.Summary{Wins: 3, Draws: 1}))
		}
	})
}
