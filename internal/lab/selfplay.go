package lab

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// DefaultMaxPlies ends a game that runs longer, counted as a draw.
const DefaultMaxPlies = 2000

// Margin is how far from even (a win probability of 0.5) the judge's
// estimate must be for one side to count as ahead: closer positions are
// level and left out of decisiveness.
const Margin = 0.05

// NewAgent builds a fresh agent from a seed: every game needs its own,
// since agents keep state from one move to the next.
type NewAgent func(seed uint64) (ai.Agent, error)

// Config describes a self-play run: Games games of Player against
// itself from GameID's start, each opened by OpeningPlies uniformly
// random plies, then judged at mid-game by Judge.
type Config struct {
	Reg          *game.Registry
	GameID       string
	Start        string // start position; "" for the game's own
	Player       NewAgent
	Judge        NewAgent // nil: no judging, decisiveness stays empty
	Games        int
	OpeningPlies int
	MaxPlies     int // 0: DefaultMaxPlies
	Concurrency  int // 0: GOMAXPROCS
	Seed         uint64
	// Progress is called after each finished game, from one goroutine.
	Progress func(done int)
}

// Run plays the games and returns them in order. Game i depends only on
// the seed and i, so the result is the same at any concurrency.
func Run(ctx context.Context, cfg Config) ([]Observed, error) {
	if cfg.Games < 1 {
		return nil, fmt.Errorf("lab: %d games: want at least 1", cfg.Games)
	}
	if cfg.Player == nil {
		return nil, errors.New("lab: no player")
	}
	if _, err := cfg.Reg.New(cfg.GameID, cfg.Start); err != nil {
		return nil, fmt.Errorf("lab: %w", err)
	}
	if cfg.Concurrency < 1 {
		cfg.Concurrency = runtime.GOMAXPROCS(0)
	}
	if cfg.MaxPlies < 1 {
		cfg.MaxPlies = DefaultMaxPlies
	}
	return playAll(ctx, cfg)
}

// playAll plays the games on Concurrency workers, each game into its
// own slot, and stops at the first error.
func playAll(ctx context.Context, cfg Config) ([]Observed, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	out := make([]Observed, cfg.Games)
	errs := make([]error, cfg.Games)
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for range min(cfg.Concurrency, cfg.Games) {
		wg.Go(func() {
			for i := range jobs {
				out[i], errs[i] = playGame(ctx, cfg, i)
				if errs[i] != nil {
					cancel()
				}
				mu.Lock()
				done++
				if cfg.Progress != nil {
					cfg.Progress(done)
				}
				mu.Unlock()
			}
		})
	}
	for i := 0; i < cfg.Games && ctx.Err() == nil; i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return out, ctx.Err()
}

// playGame plays game i: random opening plies, then the player on both
// sides, each side its own agent.
func playGame(ctx context.Context, cfg Config, i int) (Observed, error) {
	start, err := cfg.Reg.New(cfg.GameID, cfg.Start)
	if err != nil {
		return Observed{}, fmt.Errorf("lab: %w", err)
	}
	s := start.Clone()
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
	base := cfg.Seed*1_000_003 + uint64(i)*3
	var agents [2]ai.Agent
	for p := range agents {
		if agents[p], err = cfg.Player(base + uint64(p)); err != nil {
			return Observed{}, fmt.Errorf("lab: %w", err)
		}
	}
	var o Observed
	var moves, buf []game.Move
	for ply := 0; ply < cfg.MaxPlies && s.Result() == game.Ongoing; ply++ {
		buf = s.Moves(buf[:0])
		m := buf[rng.IntN(len(buf))]
		if ply >= cfg.OpeningPlies {
			if m, _, err = agents[s.ToAct()].Choose(ctx, s, nil); err != nil {
				return Observed{}, fmt.Errorf("lab: game %d in %s: %w", i, s, err)
			}
			if !slices.Contains(buf, m) {
				return Observed{}, fmt.Errorf("lab: game %d: illegal move chosen in %s", i, s)
			}
		}
		moves = append(moves, m)
		o.play(s, m)
	}
	o.Result, o.Capped = s.Result(), s.Result() == game.Ongoing
	if o.Capped {
		o.Result = game.Draw
	}
	o.Ahead, o.Judged, err = judgeMid(ctx, cfg.Judge, base+2, start, moves)
	return o, err
}

// judgeMid plays the first half of moves on start, which it changes,
// and asks a fresh judge who is ahead there (see Ahead); nothing is
// judged without a judge.
func judgeMid(ctx context.Context, judge NewAgent, seed uint64, start game.State, moves []game.Move) (game.Player, bool, error) {
	if judge == nil || len(moves) == 0 {
		return 0, false, nil
	}
	for _, m := range moves[:len(moves)/2] {
		start.Play(m)
	}
	a, err := judge(seed)
	if err != nil {
		return 0, false, fmt.Errorf("lab: judge: %w", err)
	}
	return Ahead(ctx, a, start)
}

// Ahead asks the judge which player stands better in s: the player to
// act when its win probability is above 0.5 by more than Margin, the
// other below; judged is false for a level or finished position.
func Ahead(ctx context.Context, judge ai.Agent, s game.State) (p game.Player, judged bool, err error) {
	if s.Result() != game.Ongoing {
		return 0, false, nil
	}
	_, info, err := judge.Choose(ctx, s, nil)
	if err != nil {
		return 0, false, fmt.Errorf("lab: judge in %s: %w", s, err)
	}
	switch wp := info.WinProbability(); {
	case wp > 0.5+Margin:
		return s.ToAct(), true, nil
	case wp < 0.5-Margin:
		return s.ToAct().Other(), true, nil
	}
	return 0, false, nil
}

// play notes what the lab keeps of move m in s (the number of legal
// moves, the first move, the first score) and plays it.
func (o *Observed) play(s game.State, m game.Move) {
	o.Branching = append(o.Branching, len(s.Moves(nil)))
	o.Key = (o.Key^uint64(m))*0x100000001b3 + uint64(len(o.Branching)) // FNV-style, order-sensitive
	if len(o.Branching) == 1 {
		o.FirstMove = s.FormatMove(m)
	}
	before := s.Scores()
	s.Play(m)
	if o.Scored {
		return
	}
	after := s.Scores()
	for p := range after {
		if after[p] > before[p] {
			o.FirstScorer, o.Scored, o.ScorePly = game.Player(p), true, len(o.Branching)-1
			return
		}
	}
}
