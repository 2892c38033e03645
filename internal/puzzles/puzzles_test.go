package puzzles_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/puzzles"
)

// minPerGame is the number of puzzles each game ships with.
const minPerGame = 200

// sample is how many puzzles of each game -short proves; the full run
// proves them all.
const sample = 25

// TestShippedPuzzles proves every shipped puzzle by exhaustive search
// (puzzles.Verify): the solution forces a win within the puzzle's plies,
// no other move does, and its tags are those of its features; a save
// puzzle's solution is the only move not lost, proved by the solver.
// With -short, a random sample of each game's win puzzles, and every
// save puzzle (the solver's proofs).
func TestShippedPuzzles(t *testing.T) {
	t.Parallel()
	reg := games.Registry()
	set, err := puzzles.Load(reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range reg.Names() {
		ps := set.Of(name)
		if len(ps) < minPerGame {
			t.Errorf("%s: got %d puzzles, want at least %d", name, len(ps), minPerGame)
		}
		if testing.Short() && len(ps) > sample {
			ps = shortSample(ps)
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for _, p := range ps {
				if err := puzzles.Verify(reg, set.Themes(name), p); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

// shortSample is sample random win puzzles of ps, and its save puzzles.
func shortSample(ps []puzzles.Puzzle) []puzzles.Puzzle {
	var wins, out []puzzles.Puzzle
	for _, p := range ps {
		if p.Kind == puzzles.KindSave {
			out = append(out, p)
		} else {
			wins = append(wins, p)
		}
	}
	r := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	r.Shuffle(len(wins), func(i, j int) { wins[i], wins[j] = wins[j], wins[i] })
	return append(out, wins[:min(sample, len(wins))]...)
}

// TestVerifyRefuses checks that the proof can fail: a puzzle with
// another move, a shorter horizon, a wrong tag or another position is
// refused.
func TestVerifyRefuses(t *testing.T) {
	t.Parallel()
	reg := games.Registry()
	set, err := puzzles.Load(reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range set.Games() {
		good := set.Of(name)[len(set.Of(name))-1] // the hardest: plies > 1 mostly
		th := set.Themes(name)
		if err := puzzles.Verify(reg, th, good); err != nil {
			t.Fatalf("%s: the good puzzle fails: %v", name, err)
		}
		s, _ := reg.New(good.Game, good.Position)
		other := ""
		for _, m := range s.Moves(nil) {
			if mv := s.FormatMove(m); mv != good.Solution {
				other = mv
				break
			}
		}
		for _, tc := range []struct {
			what string
			edit func(p *puzzles.Puzzle)
		}{
			{"another move", func(p *puzzles.Puzzle) { p.Solution = other }},
			{"no plies", func(p *puzzles.Puzzle) { p.Plies = 0 }},
			{"shorter", func(p *puzzles.Puzzle) { // its in-N tag too: the proof must refuse it
				p.Plies--
				for i, tag := range p.Tags {
					if strings.HasPrefix(tag, "in-") {
						p.Tags[i] = fmt.Sprintf("in-%d", p.Plies)
					}
				}
			}},
			{"tags", func(p *puzzles.Puzzle) { p.Tags = append(p.Tags[:len(p.Tags):len(p.Tags)], "capture") }},
			{"id", func(p *puzzles.Puzzle) { p.ID = "0000000000000000" }},
			{"position", func(p *puzzles.Puzzle) { p.Position = "nonsense" }},
		} {
			p := good
			p.Tags = append([]string(nil), good.Tags...)
			tc.edit(&p)
			if err := puzzles.Verify(reg, th, p); !errors.Is(err, puzzles.ErrBadPuzzle) {
				t.Errorf("%s, %s: got %v, want ErrBadPuzzle", name, tc.what, err)
			}
		}
	}
}

// TestDaily checks that the daily puzzle is the same all day long and
// changes from one day to the next.
func TestDaily(t *testing.T) {
	t.Parallel()
	set, err := puzzles.Load(games.Registry())
	if err != nil {
		t.Fatal(err)
	}
	day := time.Date(2026, 11, 26, 0, 0, 1, 0, time.UTC)
	a, _ := set.Daily(day)
	b, _ := set.Daily(day.Add(23 * time.Hour))
	c, _ := set.Daily(day.Add(24 * time.Hour))
	if a.ID != b.ID {
		t.Errorf("got %s then %s on one day, want the same", a.ID, b.ID)
	}
	if a.ID == c.ID {
		t.Errorf("got %s two days running", a.ID)
	}
	seen := map[string]bool{}
	for d := range 60 {
		p, _ := set.Daily(day.AddDate(0, 0, d))
		seen[p.ID] = true
	}
	if len(seen) != 60 {
		t.Errorf("got %d puzzles in 60 days, want 60 different", len(seen))
	}
}

func TestThemesFiles(t *testing.T) {
	t.Parallel()
	for _, g := range games.Registry().Games() {
		name := g.Name
		if g.Data == nil {
			t.Errorf("%s: no data folder (game.Game.Data)", name)
			continue
		}
		th, err := puzzles.GameThemes(g) // the file's English, with the game's catalog's languages
		if err != nil || len(th) == 0 || len(th[len(th)-1].When) != 0 {
			t.Errorf("%s: got %d themes, %v; want some, the last one catching every puzzle", name, len(th), err)
		}
	}
}
