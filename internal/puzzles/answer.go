package puzzles

import (
	"context"
	"math"
	"slices"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/store"
)

// view shows a puzzle to a solver, with its current rating and the
// player's.
func (s *Service) view(ctx context.Context, pz Puzzle, player string) (api.Puzzle, error) {
	st, err := s.Registry.New(pz.Game, pz.Position)
	if err != nil {
		return api.Puzzle{}, err
	}
	out := api.Puzzle{ID: pz.ID, Game: pz.Game, Kind: pz.Kind, Position: pz.Position, ToAct: int(st.ToAct()), Plies: pz.Plies,
		Tags: pz.Tags, Themes: s.themes(pz), Rating: math.Round(pz.Rating), Legal: game.MoveStrings(st), After: map[string]string{}}
	for _, mv := range out.Legal {
		c := st.Clone()
		if _, err := game.PlayChecked(c, mv); err == nil {
			out.After[mv] = c.String()
		}
	}
	if rt, ok, err := s.Store.PuzzleRatingOf(ctx, pz.ID); err != nil {
		return api.Puzzle{}, err
	} else if ok {
		out.Rating = math.Round(rt.R)
	}
	if player != "" {
		name, _, _ := strings.Cut(pz.Game, ":")
		rt, ok, err := s.Store.PlayerPuzzleRating(ctx, player, name)
		if err != nil {
			return api.Puzzle{}, err
		}
		if ok {
			out.Player = shownRating(rt)
		}
	}
	return out, nil
}

func (s *Service) themes(pz Puzzle) []api.PuzzleTheme {
	name, _, _ := strings.Cut(pz.Game, ":")
	out := []api.PuzzleTheme{}
	for _, t := range s.Set.Themes(name) {
		if slices.Contains(pz.Tags, "theme:"+t.Name) {
			out = append(out, api.PuzzleTheme{Tag: "theme:" + t.Name, Title: t.Title})
		}
	}
	return out
}

// Answer checks an answer to puzzle id of game name and, for a known
// player's first attempt at the puzzle, updates both ratings. Of either
// kind, the puzzle is solved by its one move: the only win, or the only
// move that saves the game (Verify proved every other one lost).
func (s *Service) Answer(ctx context.Context, name, id, move, player string) (api.PuzzleResult, error) {
	pz, err := s.lookup(name, id)
	if err != nil {
		return api.PuzzleResult{}, err
	}
	st, err := s.Registry.New(pz.Game, pz.Position)
	if err != nil {
		return api.PuzzleResult{}, err
	}
	mv := strings.ToLower(strings.TrimSpace(move))
	if !slices.Contains(game.MoveStrings(st), mv) {
		return api.PuzzleResult{}, &IllegalMove{Text: game.Explain(st, mv)}
	}
	out := api.PuzzleResult{Correct: mv == pz.Solution, Solution: pz.Solution}
	if _, err := game.PlayChecked(st, pz.Solution); err == nil {
		out.After = st.String()
	}
	if err := s.rate(ctx, pz, player, &out); err != nil {
		return api.PuzzleResult{}, err
	}
	return out, nil
}

func (s *Service) rate(ctx context.Context, pz Puzzle, player string, out *api.PuzzleResult) error {
	name, _, _ := strings.Cut(pz.Game, ":")
	if player == "" {
		rt, found, err := s.Store.PuzzleRatingOf(ctx, pz.ID)
		out.Puzzle = api.PuzzleRating{Rating: math.Round(pz.Rating)}
		if found {
			out.Puzzle = *shownRating(rt)
		}
		return err
	}
	before, had, err := s.Store.PlayerPuzzleRating(ctx, player, name)
	if err != nil {
		return err
	}
	a := store.PuzzleAttempt{Player: player, Game: name, Puzzle: pz.ID, Solved: out.Correct, At: s.Now(),
		PlayerStart: playerStart(), PuzzleStart: puzzleStart(pz.Rating)}
	pl, pr, first, err := s.Store.RatePuzzle(ctx, a, ratePuzzle)
	if err != nil {
		return err
	}
	if !had {
		before = a.PlayerStart
	}
	out.Rated, out.Player, out.Before, out.Puzzle = first, shownRating(pl), shownRating(before), *shownRating(pr)
	return nil
}
