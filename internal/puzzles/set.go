package puzzles

import (
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/plateau-games/plateau/game"
)

// The names of a game's puzzle files in its game.Game.Data.
const (
	PuzzlesFile = "puzzles.json"
	ThemesFile  = "themes.json"
)

// Set is the puzzles of every game of a registry, read once; it is not
// changed after Load, so it is safe for concurrent use.
type Set struct {
	games  []string
	byGame map[string][]Puzzle
	byID   map[string]Puzzle
	themes map[string][]Theme
}

// Load reads the puzzles and themes of each game of reg, the files
// PuzzlesFile and ThemesFile of its game.Game.Data; a game without files
// has no puzzles.
func Load(reg *game.Registry) (*Set, error) {
	set := &Set{byGame: map[string][]Puzzle{}, byID: map[string]Puzzle{}, themes: map[string][]Theme{}}
	for _, g := range reg.Games() {
		name := g.Name
		th, err := GameThemes(g)
		if err != nil {
			return nil, err
		}
		set.themes[name] = th
		data, err := readFile(g, PuzzlesFile)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("puzzles: %w", err)
		}
		ps, err := Decode(data)
		if err != nil {
			return nil, fmt.Errorf("puzzles: %s: %w", name, err)
		}
		for _, p := range ps {
			if g, _, err := reg.Lookup(p.Game); err != nil || g.Name != name {
				return nil, fmt.Errorf("%w %s: game %q in %s's file", ErrBadPuzzle, p.ID, p.Game, name)
			}
			set.byID[p.ID] = p
		}
		set.byGame[name] = ps
		set.games = append(set.games, name)
	}
	return set, nil
}

// GameThemes reads a game's themes, the file ThemesFile of its Data;
// none when it has no such file.
func GameThemes(g game.Game) ([]Theme, error) {
	data, err := readFile(g, ThemesFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	if data, err = game.FillTexts(g, data); err != nil {
		return nil, fmt.Errorf("puzzles: %s: %w", g.Name, err)
	}
	th, err := Themes(data)
	if err != nil {
		return nil, fmt.Errorf("puzzles: %s: %w", g.Name, err)
	}
	return th, nil
}

// readFile reads a file of a game's Data; fs.ErrNotExist without Data.
func readFile(g game.Game, name string) ([]byte, error) {
	if g.Data == nil {
		return nil, fs.ErrNotExist
	}
	return fs.ReadFile(g.Data, name)
}

// Games returns the games that have puzzles, in the registry's order.
func (s *Set) Games() []string { return s.games }

// Of returns a game's puzzles, easiest first; the slice is shared.
func (s *Set) Of(name string) []Puzzle { return s.byGame[name] }

// Themes returns a game's themes; the slice is shared.
func (s *Set) Themes(name string) []Theme { return s.themes[name] }

// Get returns the puzzle with an id.
func (s *Set) Get(id string) (Puzzle, error) {
	p, ok := s.byID[id]
	if !ok {
		return Puzzle{}, fmt.Errorf("%w %q", ErrNoPuzzle, id)
	}
	return p, nil
}

// Daily returns the puzzle of a UTC day, the same for everyone: the
// day's number since 1970 picks a game, then, from the days already
// spent on that game, one of its puzzles (a stride through the list
// that visits every puzzle before any repeats).
func (s *Set) Daily(day time.Time) (Puzzle, error) {
	if len(s.games) == 0 {
		return Puzzle{}, fmt.Errorf("%w: no puzzles at all", ErrNoPuzzle)
	}
	n := day.UTC().Unix() / 86400
	if n < 0 {
		n = -n
	}
	ps := s.byGame[s.games[n%int64(len(s.games))]]
	k := n / int64(len(s.games))
	return ps[(k*stride(len(ps)))%int64(len(ps))], nil
}

// stride returns a step prime to n, about n/φ, so that days do not walk
// from the easiest puzzle to the hardest.
func stride(n int) int64 {
	st := max(1, n*618/1000)
	for gcd(st, n) != 1 {
		st++
	}
	return int64(st)
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
