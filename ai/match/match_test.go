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

// TestPairsCounted checks, with games finishing out of order, that the
// pentanomial counts are those of the records, written a pair at a time.
func TestPairsCounted(t *testing.T) {
	t.Parallel()
	cfg := config(t, "mcts:iters=30", "random", 16)
	cfg.Concurrency = 3
	cfg.A.Name, cfg.B.Name = "A", "B"
	var buf bytes.Buffer
	cfg.Records = &buf
	sum, err := match.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := record.Read(&buf)
	if err != nil || len(recs) != 16 {
		t.Fatalf("got %d records, %v, want 16", len(recs), err)
	}
	var want match.Pentanomial
	for i := 0; i < len(recs); i += 2 {
		a, b := recs[i], recs[i+1]
		if atoi(a.ID)%2 != 1 || atoi(b.ID) != atoi(a.ID)+1 {
			t.Fatalf("records %d and %d: got ids %s and %s, want a pair, A first", i, i+1, a.ID, b.ID)
		}
		want[int(2*(scoreOfA(a)+scoreOfA(b)))]++
	}
	if sum.Pairs != want || sum.Games() != 2*sum.Pairs.N() {
		t.Errorf("got %+v, want pairs %v from the records and twice as many games", sum, want)
	}
}

// scoreOfA is A's score in a finished record.
func scoreOfA(r record.Record) float64 {
	switch {
	case r.Result == "draw":
		return 0.5
	case (r.Result == "first") == (r.First == "A"):
		return 1
	}
	return 0
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
	if sum.Decision != "H1" || sum.Games() >= 400 || sum.Games() != 2*sum.Pairs.N() {
		t.Errorf("got %+v, want H1 accepted well before 400 games, in whole pairs", sum)
	}
}

func TestErrors(t *testing.T) {
	t.Parallel()
	for _, n := range []int{0, 1, 5, -2} {
		cfg := config(t, "random", "random", n)
		if _, err := match.Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "even") {
			t.Errorf("%d games: got %v, want an error asking for an even number", n, err)
		}
	}
	cfg := config(t, "random", "random", 4)
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
	for _, s := range []string{"", "1,2,3", "5,0,0.05,0.05", "0,5,0,0.05", "0,5,x,0.1", "0,2001,0.05,0.05", "-2001,0,0.05,0.05", "0,1e308,0.05,0.05"} {
		if _, err := match.ParseSPRT(s); err == nil {
			t.Errorf("SPRT %q: got no error", s)
		}
	}
}

func FuzzParseSPRT(f *testing.F) {
	for _, s := range []string{"0,50,0.05,0.05", "-10,10,0.1,0.2", "1,2,3", "0,inf,0.05,0.05", "-2000,2000,0.49,0.01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		sp, err := match.ParseSPRT(text)
		if err != nil {
			return
		}
		lo, hi := sp.Bounds()
		if !(lo < 0 && hi > 0) {
			t.Fatalf("%q: got bounds %v, %v, want one negative and one positive", text, lo, hi)
		}
		for _, p := range []match.Pentanomial{{}, {0, 0, 0, 0, 3}, {3, 0, 0, 0, 0}, {1, 2, 3, 2, 1}} {
			if llr := sp.LLR(p); math.IsNaN(llr) || math.IsInf(llr, 0) {
				t.Fatalf("%q: got LLR %v for %v, want a finite number", text, llr, p)
			}
		}
	})
}

// FuzzPentanomial checks that any counts give an estimate inside its
// interval and a finite LLR, never NaN.
func FuzzPentanomial(f *testing.F) {
	f.Add(uint16(0), uint16(0), uint16(0), uint16(0), uint16(0))
	f.Add(uint16(0), uint16(0), uint16(0), uint16(0), uint16(7))
	f.Add(uint16(34), uint16(54), uint16(63), uint16(64), uint16(75))
	sp := match.SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	f.Fuzz(func(t *testing.T, a, b, c, d, e uint16) {
		p := match.Pentanomial{int(a), int(b), int(c), int(d), int(e)}
		diff, lo, hi := p.Elo()
		if math.IsNaN(diff) || math.IsNaN(lo) || math.IsNaN(hi) || !(lo <= diff && diff <= hi) {
			t.Fatalf("%v: got %v [%v, %v], want the estimate inside its interval", p, diff, lo, hi)
		}
		if llr := sp.LLR(p); math.IsNaN(llr) || math.IsInf(llr, 0) {
			t.Fatalf("%v: got LLR %v, want a finite number", p, llr)
		}
	})
}
