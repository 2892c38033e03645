package screening

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/game"
)

// Calibration is the measure of the flag on honest AI-level games.
type Calibration struct {
	GameID string
	// Games per level are split in two halves: the first fits the
	// Norm, the second is judged by it in windows of Window games per
	// seat, each window one honest "player" of the level's rating.
	Games, Window int
	// Opening is how many random plies open each game, so that the
	// games differ.
	Opening int
	Seed    uint64
	// Workers is how many games are played at once (0, 1: one).
	Workers int
}

// LevelResult is one level's honest play and how often it was flagged.
type LevelResult struct {
	Level          int
	Rating         float64
	Fit, Judged    Stats
	Players, Flags int
	// Caught counts the windows flagged when judged at the lowest
	// level's rating instead: an account rated there playing like this
	// level (the screening's power).
	Caught int
}

// Run plays Games self-play games at each level, fits the norm on the
// first half and returns it with each level's false positives on the
// second half.
func (c Calibration) Run(ctx context.Context, sc *Screener, levels []int) (Norm, []LevelResult, error) {
	ratings, err := ai.LevelRatings(c.GameID)
	if err != nil {
		return nil, nil, fmt.Errorf("screening: %w", err)
	}
	var norm Norm
	out := make([]LevelResult, len(levels))
	per := make([][][2]Stats, len(levels))
	for i, l := range levels {
		out[i] = LevelResult{Level: l, Rating: ratings[l-1]}
		if per[i], err = c.playAll(ctx, sc, l); err != nil {
			return nil, nil, err
		}
		for _, st := range per[i][:c.Games/2] {
			out[i].Fit.Add(st[0])
			out[i].Fit.Add(st[1])
		}
		norm = append(norm, Point{Rating: out[i].Rating, Match: out[i].Fit.MatchRate(), Loss: out[i].Fit.MeanLoss()})
	}
	for i := range levels {
		c.judge(norm, per[i][c.Games/2:], &out[i])
	}
	return norm, out, nil
}

// playAll plays the level's games, Workers at a time, in a fixed order.
func (c Calibration) playAll(ctx context.Context, sc *Screener, l int) ([][2]Stats, error) {
	out := make([][2]Stats, c.Games)
	errs := make([]error, c.Games)
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, c.Workers))
	for g := range c.Games {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			out[g], errs[g] = c.play(ctx, sc, l, c.Seed+uint64(1000*l+g))
		})
	}
	wg.Wait()
	return out, errors.Join(errs...)
}

// judge counts the honest windows the norm flags.
func (c Calibration) judge(norm Norm, games [][2]Stats, r *LevelResult) {
	for start := 0; start+c.Window <= len(games); start += c.Window {
		for seat := range 2 {
			var s Stats
			for _, g := range games[start : start+c.Window] {
				s.Add(g[seat])
			}
			r.Judged.Add(s)
			r.Players++
			if _, flagged := norm.Flag(s, r.Rating); flagged {
				r.Flags++
			}
			if _, caught := norm.Flag(s, norm.At(0).Rating); caught {
				r.Caught++
			}
		}
	}
}

// play plays one game of level l against itself and measures it.
func (c Calibration) play(ctx context.Context, sc *Screener, l int, seed uint64) ([2]Stats, error) {
	s, err := sc.Registry.New(c.GameID, "")
	if err != nil {
		return [2]Stats{}, fmt.Errorf("screening: %w", err)
	}
	spec, err := ai.Level(c.GameID, l)
	if err != nil {
		return [2]Stats{}, fmt.Errorf("screening: %w", err)
	}
	var agents [2]ai.Agent
	for i := range agents {
		if agents[i], err = agent.New(spec, seed*2+uint64(i)); err != nil {
			return [2]Stats{}, fmt.Errorf("screening: %w", err)
		}
	}
	start := s.String()
	rng := rand.New(rand.NewPCG(seed, 7))
	var moves []string
	var buf []game.Move
	for ply := 0; s.Result() == game.Ongoing && ply < 400; ply++ {
		if ply == c.Opening { // the random opening is nobody's choice
			start, moves = s.String(), nil
		}
		var m game.Move
		if ply < c.Opening {
			m = ai.RandomMove(s, rng, buf)
		} else if m, _, err = agents[s.ToAct()].Choose(ctx, s, nil); err != nil {
			return [2]Stats{}, fmt.Errorf("screening: %w", err)
		}
		moves = append(moves, s.FormatMove(m))
		s.Play(m)
	}
	return sc.Game(ctx, c.GameID, start, moves)
}
