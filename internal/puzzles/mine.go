package puzzles

import (
	"context"
	"fmt"
	"slices"

	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/ai/solver"
	"github.com/plateau-games/plateau/game"
)

// MineConfig says how to mine one game.
type MineConfig struct {
	Game     string   // game id
	Count    int      // stop after this many puzzles
	Levels   []string // agent specs the games alternate through ("level:3")
	Seed     uint64   // seed of the first game's agents
	Back     int      // positions looked at before each game's end
	MaxPlies int      // longest forced win looked for, in decisions
	Nodes    int64    // node limit of one position's search
	MaxGame  int      // games longer than this many plies are dropped
	// Kinds are the kinds of puzzle looked for (KindWin, KindDeep,
	// KindSave); none means win puzzles only.
	Kinds  []string
	Themes []Theme
	// Known holds the ids of puzzles already found (an earlier file):
	// they are not mined again.
	Known map[string]bool
	// Progress, when not nil, hears after every game: games played,
	// puzzles found.
	Progress func(games, found int)
}

// Mine plays AI games and returns up to cfg.Count new puzzles from their
// last positions, each proved (Verify) before it is kept: in each
// position, a win puzzle, else a deep one (solver.Winning), else a save
// puzzle (solver.Saving). It stops
// early when ctx ends, returning what it found.
func Mine(ctx context.Context, reg *game.Registry, cfg MineConfig) ([]Puzzle, error) {
	if cfg.Count < 1 || len(cfg.Levels) == 0 || cfg.Back < 1 || cfg.MaxPlies < 1 {
		return nil, fmt.Errorf("puzzles: mine: count, levels, back and plies must be positive")
	}
	if cfg.MaxPlies > ExhaustivePlies {
		return nil, fmt.Errorf("puzzles: mine: plies above %d are the solvers' (kind %s), not the exhaustive search's", ExhaustivePlies, KindDeep)
	}
	seen := map[string]bool{}
	for id := range cfg.Known {
		seen[id] = true
	}
	look, err := lookers(reg, cfg)
	if err != nil {
		return nil, err
	}
	var out []Puzzle
	for g := 0; len(out) < cfg.Count && ctx.Err() == nil; g++ {
		s, plies, err := playGame(ctx, reg, cfg, g)
		if err != nil {
			return out, err
		}
		for k := 0; k < min(cfg.Back, plies) && len(out) < cfg.Count; k++ {
			s.Undo()
			p, ok := look(ctx, s)
			if !ok || seen[p.ID] {
				continue
			}
			if err := Verify(reg, cfg.Themes, p); err != nil {
				return out, fmt.Errorf("puzzles: mined puzzle fails: %w", err)
			}
			seen[p.ID] = true
			out = append(out, p)
		}
		if cfg.Progress != nil {
			cfg.Progress(g+1, len(out))
		}
	}
	return out, nil
}

// lookers returns what looks for the puzzles of cfg.Kinds in a
// position: the first kind found there wins.
func lookers(reg *game.Registry, cfg MineConfig) (func(context.Context, game.State) (Puzzle, bool), error) {
	win, deep, save := len(cfg.Kinds) == 0, false, false
	for _, k := range cfg.Kinds {
		switch k {
		case KindWin, "win":
			win = true
		case KindDeep:
			deep = true
		case KindSave:
			save = true
		default:
			return nil, fmt.Errorf("puzzles: mine: unknown kind %q", k)
		}
	}
	sv := solver.NewAuto(20)
	return func(ctx context.Context, s game.State) (Puzzle, bool) {
		if p, ok := find(s, cfg); ok { // a win puzzle is never also a save puzzle
			return p, win
		}
		if deep {
			if p, ok := findDeep(ctx, reg, s, cfg); ok {
				return p, true
			}
		}
		if save {
			return findSave(ctx, reg, sv, s, cfg)
		}
		return Puzzle{}, false
	}, nil
}

// playGame plays game number g between two of the configured agents and
// returns it finished with its number of plies, or 0 plies when it ran
// too long or ctx ended.
func playGame(ctx context.Context, reg *game.Registry, cfg MineConfig, g int) (game.State, int, error) {
	s, err := reg.New(cfg.Game, "")
	if err != nil {
		return nil, 0, err
	}
	a, _, err := agent.Parse(cfg.Levels[g%len(cfg.Levels)], cfg.Game, cfg.Seed+uint64(2*g))
	if err != nil {
		return nil, 0, err
	}
	b, _, err := agent.Parse(cfg.Levels[(g/len(cfg.Levels)+g+1)%len(cfg.Levels)], cfg.Game, cfg.Seed+uint64(2*g+1))
	if err != nil {
		return nil, 0, err
	}
	ply := 0
	for ; s.Result() == game.Ongoing; ply++ {
		if ply >= cfg.MaxGame || ctx.Err() != nil {
			return s, 0, nil
		}
		who := a
		if s.ToAct() == game.Second {
			who = b
		}
		m, _, err := who.Choose(ctx, s, nil)
		if err != nil {
			return nil, 0, err
		}
		s.Play(m)
	}
	return s, ply, nil
}

// find looks for the shortest forced win of the player to act in s and
// returns it as a puzzle when exactly one move forces it.
func find(s game.State, cfg MineConfig) (Puzzle, bool) {
	moves := s.Moves(nil)
	if s.Result() != game.Ongoing || len(moves) < 2 {
		return Puzzle{}, false
	}
	for plies := 1; plies <= cfg.MaxPlies; plies++ {
		wins, ok := winsWithin(s, plies, cfg.Nodes)
		if !ok || len(wins) > 1 {
			return Puzzle{}, false
		}
		if len(wins) == 1 {
			pos := s.String()
			return Puzzle{
				ID: ID(cfg.Game, pos), Game: cfg.Game, Position: pos,
				Solution: s.FormatMove(wins[0]), Plies: plies, Moves: len(moves),
				Tags:   Tags(s, wins[0], plies, cfg.Themes),
				Rating: guessRating(plies, len(moves)),
			}, true
		}
	}
	return Puzzle{}, false
}

// Merge adds found to known, without duplicates, in a stable order: by
// rating, then id.
func Merge(known, found []Puzzle) []Puzzle {
	out := slices.Clone(known)
	ids := map[string]bool{}
	for _, p := range known {
		ids[p.ID] = true
	}
	for _, p := range found {
		if !ids[p.ID] {
			ids[p.ID] = true
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out, func(a, b Puzzle) int {
		if a.Rating != b.Rating {
			if a.Rating < b.Rating {
				return -1
			}
			return 1
		}
		return compareStrings(a.ID, b.ID)
	})
	return out
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
