package tune

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// ErrNoFeatures is returned for a game whose states are not
// game.Featurers: there is nothing to tune.
var ErrNoFeatures = errors.New("tune: the game's evaluation has no features")

// Sample is one position: its features from the view of the player to
// act, and the game's result for that player (1 a win, 0.5 a draw, 0 a
// loss).
type Sample struct {
	Features []float64
	Result   float64
}

// Config says which games Generate plays.
type Config struct {
	Start game.State // the start position of every game; not changed
	// NewAgent returns a fresh agent for one side of one game.
	NewAgent     func(seed uint64) (ai.Agent, error)
	Games        int
	OpeningPlies int    // uniformly random plies opening each game, as deterministic agents would repeat one game
	SkipPlies    int    // plies from the start not sampled: the opening says little of the result
	MaxPlies     int    // a game still going after this many plies is dropped (0: 400)
	Seed         uint64 // game i depends only on Seed and i
}

// Generate plays cfg.Games games of an agent against itself and returns
// the samples of every position after cfg.SkipPlies, in game order.
func Generate(ctx context.Context, cfg Config) ([]Sample, error) {
	if _, ok := cfg.Start.(game.Featurer); !ok {
		return nil, ErrNoFeatures
	}
	if cfg.MaxPlies <= 0 {
		cfg.MaxPlies = 400
	}
	var all []Sample
	for i := range cfg.Games {
		ss, err := playGame(ctx, cfg, uint64(i))
		if err != nil {
			return nil, fmt.Errorf("tune: game %d: %w", i+1, err)
		}
		all = append(all, ss...)
	}
	return all, nil
}

// playGame plays game i and labels its positions with its result.
func playGame(ctx context.Context, cfg Config, i uint64) ([]Sample, error) {
	rng := rand.New(rand.NewPCG(cfg.Seed, i))
	var agents [2]ai.Agent
	for p := range agents {
		a, err := cfg.NewAgent(rng.Uint64())
		if err != nil {
			return nil, err
		}
		agents[p] = a
	}
	s := cfg.Start.Clone()
	var samples []Sample
	var toAct []game.Player
	for ply := 0; s.Result() == game.Ongoing; ply++ {
		if ply >= cfg.MaxPlies {
			return nil, nil
		}
		if ply >= cfg.SkipPlies {
			samples = append(samples, Sample{Features: s.(game.Featurer).Features(nil)})
			toAct = append(toAct, s.ToAct())
		}
		m, err := nextMove(ctx, s, agents[s.ToAct()], ply < cfg.OpeningPlies, rng)
		if err != nil {
			return nil, err
		}
		s.Play(m)
	}
	for j := range samples {
		samples[j].Result = score(s.Result(), toAct[j])
	}
	return samples, nil
}

func nextMove(ctx context.Context, s game.State, a ai.Agent, random bool, rng *rand.Rand) (game.Move, error) {
	if random {
		moves := s.Moves(nil)
		return moves[rng.IntN(len(moves))], nil
	}
	m, _, err := a.Choose(ctx, s, nil)
	return m, err
}

// score is r for p: 1 a win, 0.5 a draw, 0 a loss.
func score(r game.Result, p game.Player) float64 {
	w, ok := r.Winner()
	switch {
	case !ok:
		return 0.5
	case w == p:
		return 1
	}
	return 0
}

// Split shuffles the samples with seed and returns the train part and
// the held-out part, heldOut of them (a fraction from 0 to 1).
func Split(samples []Sample, heldOut float64, seed uint64) (train, test []Sample) {
	perm := rand.New(rand.NewPCG(seed, 0x7e8e1)).Perm(len(samples))
	nTest := int(float64(len(samples))*heldOut + 0.5)
	for k, j := range perm {
		if k < nTest {
			test = append(test, samples[j])
		} else {
			train = append(train, samples[j])
		}
	}
	return train, test
}
