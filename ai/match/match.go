package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"sync"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/record"
)

// DefaultMaxPlies ends a game that runs longer, counted as a draw.
const DefaultMaxPlies = 2000

// Player is one side of a match: a name for reports and records, and a
// factory, since every game needs fresh agents of its own.
type Player struct {
	Name string
	New  func(seed uint64) (ai.Agent, error)
}

// Config describes a match between A and B.
type Config struct {
	Reg          *game.Registry
	GameID       string
	Start        string // start position; "" for the game's own
	A, B         Player
	Games        int // even: twice the number of pairs
	OpeningPlies int // random plies shared by both games of a pair
	Concurrency  int // 0 means GOMAXPROCS
	MaxPlies     int // 0 means DefaultMaxPlies
	Seed         uint64
	SPRT         *SPRT
	Records      io.Writer // every counted game, a pair at a time, when not nil
	// Progress is called after each counted pair, from one goroutine.
	Progress func(done int, s Summary)
}

// result is one finished game.
type result struct {
	index int
	rec   record.Record
	score float64 // A's score
	plies int
	err   error
}

// Run plays the match and returns its summary. Games 2k and 2k+1 form
// a pair: they share an opening, A playing first in the even one, and
// the statistics count pairs (see Pentanomial), so Games must be even.
func Run(ctx context.Context, cfg Config) (Summary, error) {
	if cfg.Games < 2 || cfg.Games%2 != 0 {
		return Summary{}, fmt.Errorf("match: %d games: want an even number, at least 2, as games come in pairs", cfg.Games)
	}
	if _, err := cfg.Reg.New(cfg.GameID, cfg.Start); err != nil {
		return Summary{}, fmt.Errorf("match: %w", err)
	}
	if cfg.Concurrency < 1 {
		cfg.Concurrency = runtime.GOMAXPROCS(0)
	}
	if cfg.MaxPlies < 1 {
		cfg.MaxPlies = DefaultMaxPlies
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	results := make(chan result)
	var wg sync.WaitGroup
	for w := 0; w < min(cfg.Concurrency, cfg.Games); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				results <- playGame(ctx, cfg, i)
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := 0; i < cfg.Games; i++ {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()
	sum, err := collect(ctx, cfg, results, cancel)
	for range results { // let the workers finish their games
	}
	return sum, err
}

// collect counts results a pair at a time, once both games of a pair
// have finished, writes their records, and stops the match on the first
// error, a decided SPRT or the end of the context. A game whose partner
// never finishes is neither counted nor written.
func collect(ctx context.Context, cfg Config, results <-chan result, stop func()) (Summary, error) {
	var sum Summary
	var firstErr error
	waiting := map[int]result{} // finished games, by index, until their partner finishes
	for r := range results {
		if firstErr != nil || sum.Decision != "" {
			continue
		}
		if r.err != nil {
			if !errors.Is(r.err, context.Canceled) || ctx.Err() == nil {
				firstErr = r.err
			}
			stop()
			continue
		}
		other, ok := waiting[r.index^1]
		if !ok {
			waiting[r.index] = r
			continue
		}
		delete(waiting, other.index)
		first, second := other, r
		if r.index < other.index {
			first, second = r, other
		}
		if firstErr = countPair(cfg, &sum, first, second); firstErr != nil {
			stop()
			continue
		}
		if cfg.SPRT != nil {
			if sum.Decision = cfg.SPRT.Decide(sum.Pairs); sum.Decision != "" {
				stop()
			}
		}
		if cfg.Progress != nil {
			cfg.Progress(sum.Games(), sum)
		}
	}
	if firstErr == nil && ctx.Err() != nil && sum.Decision == "" {
		firstErr = fmt.Errorf("match: %w", ctx.Err())
	}
	return sum, firstErr
}

// countPair adds a finished pair to the summary and writes its records,
// the game with A first before the other.
func countPair(cfg Config, sum *Summary, first, second result) error {
	sum.addPair(first, second)
	if cfg.Records == nil {
		return nil
	}
	for _, r := range []result{first, second} {
		if err := record.Write(cfg.Records, r.rec); err != nil {
			return fmt.Errorf("match: %w", err)
		}
	}
	return nil
}

// playGame plays game i to its end or the ply cap.
func playGame(ctx context.Context, cfg Config, i int) result {
	res := result{index: i}
	s, err := opening(cfg, i/2)
	if err != nil {
		res.err = err
		return res
	}
	aFirst := i%2 == 0
	seat := [2]Player{cfg.A, cfg.B}
	if !aFirst {
		seat = [2]Player{cfg.B, cfg.A}
	}
	var agents [2]ai.Agent
	for p := range agents {
		if agents[p], err = seat[p].New(cfg.Seed*1_000_003 + uint64(i)*2 + uint64(p)); err != nil {
			res.err = fmt.Errorf("match: %s: %w", seat[p].Name, err)
			return res
		}
	}
	res.rec = record.Record{ID: strconv.Itoa(i + 1), Game: cfg.GameID, Start: s.String(),
		Moves: []string{}, First: seat[0].Name, Second: seat[1].Name}
	if res.err = play(ctx, s, agents, seat, cfg.MaxPlies, &res.rec); res.err != nil {
		return res
	}
	res.plies = len(res.rec.Moves)
	res.rec.Result, res.rec.Reason = s.Result().String(), s.Reason()
	if s.Result() == game.Ongoing {
		res.rec.Result = game.Draw.String()
		res.rec.Reason = fmt.Sprintf("stopped after %d plies, counted as a draw", cfg.MaxPlies)
	}
	res.score = 0.5
	if w, ok := s.Result().Winner(); ok {
		res.score = 0
		if (w == game.First) == aFirst {
			res.score = 1
		}
	}
	return res
}

// play runs the game, checking every move the agents choose.
func play(ctx context.Context, s game.State, agents [2]ai.Agent, seat [2]Player, maxPlies int, rec *record.Record) error {
	var buf []game.Move
	for ply := 0; ply < maxPlies && s.Result() == game.Ongoing; ply++ {
		p := s.ToAct()
		m, _, err := agents[p].Choose(ctx, s, nil)
		if err != nil {
			return fmt.Errorf("match: %s in %s: %w", seat[p].Name, s, err)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		buf = s.Moves(buf[:0])
		if !slices.Contains(buf, m) {
			return fmt.Errorf("match: %s chose an illegal move in %s", seat[p].Name, s)
		}
		rec.Moves = append(rec.Moves, s.FormatMove(m))
		s.Play(m)
	}
	return nil
}

// opening returns pair k's start: k random plies from the start
// position, drawn again when they end the game.
func opening(cfg Config, k int) (game.State, error) {
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(k)))
	for try := 0; ; try++ {
		s, err := cfg.Reg.New(cfg.GameID, cfg.Start)
		if err != nil {
			return nil, fmt.Errorf("match: %w", err)
		}
		plies := cfg.OpeningPlies
		if try >= 100 {
			plies = 0 // the game cannot survive that many random plies
		}
		if try > 100 {
			return nil, fmt.Errorf("match: the start position %q is finished", s)
		}
		for n := 0; n < plies && s.Result() == game.Ongoing; n++ {
			s.Play(ai.RandomMove(s, rng, nil))
		}
		if s.Result() == game.Ongoing {
			return s, nil
		}
	}
}
