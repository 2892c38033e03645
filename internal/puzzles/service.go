package puzzles

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/store"
)

// RatingStore is the store as the puzzle service uses it: the ratings of
// players and puzzles, and who tried what.
type RatingStore interface {
	PlayerPuzzleRating(ctx context.Context, player, game string) (store.PuzzleRating, bool, error)
	TriedPuzzles(ctx context.Context, player, game string) (map[string]bool, error)
	PuzzleRatingOf(ctx context.Context, puzzle string) (store.PuzzleRating, bool, error)
	RatePuzzle(ctx context.Context, a store.PuzzleAttempt, rate store.PuzzleRate) (store.PuzzleRating, store.PuzzleRating, bool, error)
}

// Service serves a Set's puzzles to solvers and keeps the ratings of
// players and puzzles. A player "" is a program without a session: it
// solves unrated.
type Service struct {
	Set      *Set
	Store    RatingStore
	Registry *game.Registry
	Now      func() time.Time
}

// ErrNotFound is the reason of a request for a puzzle or a game the set
// does not hold; the error's own text is the client's sentence.
var ErrNotFound = errors.New("puzzles: not found")

// notFound tells the client its text and is ErrNotFound (and its cause).
type notFound struct{ cause error }

// Error implements error.
func (n notFound) Error() string { return n.cause.Error() }

// Unwrap returns the errors it is, for errors.Is.
func (n notFound) Unwrap() []error { return []error{ErrNotFound, n.cause} }

// IllegalMove is an answer the rules do not allow: Text is the rule
// that refuses it, in every language (nil when the game cannot say).
type IllegalMove struct{ Text game.Text }

// Error says the move is illegal; Text says why.
func (e *IllegalMove) Error() string { return "puzzles: " + game.ErrIllegalMove.Error() }

// Unwrap returns game.ErrIllegalMove.
func (e *IllegalMove) Unwrap() error { return game.ErrIllegalMove }

// Games lists the games with puzzles, their themes and today's puzzle.
func (s *Service) Games(ctx context.Context, player string) api.PuzzleGames {
	out := api.PuzzleGames{Games: []api.PuzzleGame{}}
	for _, name := range s.Set.Games() {
		g := api.PuzzleGame{Game: name, Count: len(s.Set.Of(name)), Themes: []api.PuzzleTheme{}}
		for _, t := range s.Set.Themes(name) {
			g.Themes = append(g.Themes, api.PuzzleTheme{Tag: "theme:" + t.Name, Title: t.Title})
		}
		out.Games = append(out.Games, g)
	}
	if d, err := s.Daily(ctx, player); err == nil {
		out.Daily = &d
	}
	return out
}

// Daily is the puzzle of the UTC day; whatever fails, there is none
// today (ErrNotFound).
func (s *Service) Daily(ctx context.Context, player string) (api.Puzzle, error) {
	now := s.Now().UTC()
	pz, err := s.Set.Daily(now)
	if err != nil {
		return api.Puzzle{}, notFound{err}
	}
	out, err := s.view(ctx, pz, player)
	out.Day = now.Format(time.DateOnly)
	if err != nil {
		return out, notFound{err}
	}
	return out, nil
}

// One is puzzle id of game name.
func (s *Service) One(ctx context.Context, name, id, player string) (api.Puzzle, error) {
	pz, err := s.lookup(name, id)
	if err != nil {
		return api.Puzzle{}, err
	}
	return s.view(ctx, pz, player)
}

// lookup returns the puzzle of a game and id.
func (s *Service) lookup(name, id string) (Puzzle, error) {
	pz, err := s.Set.Get(id)
	if err != nil {
		return Puzzle{}, notFound{err}
	}
	if g, _, _ := strings.Cut(pz.Game, ":"); g != name {
		return Puzzle{}, notFound{fmt.Errorf("puzzle %s is not a puzzle of %s", pz.ID, name)}
	}
	return pz, nil
}

// of is a game's puzzles, never none.
func (s *Service) of(name string) ([]Puzzle, error) {
	list := s.Set.Of(name)
	if len(list) == 0 {
		return nil, notFound{fmt.Errorf("no puzzles for %q", name)}
	}
	return list, nil
}

// Pack is every puzzle of a game with its solution, for the offline app
// (web/static/sw.js keeps it).
func (s *Service) Pack(name string) (api.PuzzlePack, error) {
	list, err := s.of(name)
	if err != nil {
		return api.PuzzlePack{}, err
	}
	out := api.PuzzlePack{Puzzles: make([]api.PackedPuzzle, len(list))}
	for i, pz := range list {
		out.Puzzles[i] = api.PackedPuzzle{ID: pz.ID, Game: pz.Game, Kind: pz.Kind, Position: pz.Position, Solution: pz.Solution, Plies: pz.Plies}
	}
	return out, nil
}

// Next picks the next puzzle of a game: for a player with a rating, the
// untried one nearest to it; otherwise the one after after in the list,
// easiest first.
func (s *Service) Next(ctx context.Context, name, after, player string) (api.Puzzle, error) {
	list, err := s.of(name)
	if err != nil {
		return api.Puzzle{}, err
	}
	pz, err := s.next(ctx, list, name, after, player)
	if err != nil {
		return api.Puzzle{}, err
	}
	return s.view(ctx, pz, player)
}

func (s *Service) next(ctx context.Context, list []Puzzle, name, after, player string) (Puzzle, error) {
	i := slices.IndexFunc(list, func(pz Puzzle) bool { return pz.ID == after })
	if player == "" {
		return list[(i+1)%len(list)], nil
	}
	rating, _, err := s.Store.PlayerPuzzleRating(ctx, player, name)
	if err != nil {
		return Puzzle{}, err
	}
	tried, err := s.Store.TriedPuzzles(ctx, player, name)
	if err != nil {
		return Puzzle{}, err
	}
	target := rating.R
	if rating.Attempts == 0 {
		target = list[0].Rating // a newcomer starts with the easiest
	}
	best, dist := list[(i+1)%len(list)], math.Inf(1)
	for _, pz := range list {
		if d := math.Abs(pz.Rating - target); !tried[pz.ID] && pz.ID != after && d < dist {
			best, dist = pz, d
		}
	}
	return best, nil
}
