package lessons_test

import (
	"encoding/json"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/lessons"
)

// coverage is the list of the rules each game's lesson teaches
// (#17), as the rule words of its steps.
var coverage = map[string][]string{
	"oxford":  {"faces", "flip", "directions", "capture", "base-exit", "base-entry", "lose-face"},
	"oshi":    {"tiers", "push", "push-off", "own-piece", "impasse"},
	"yoxii":   {"totem-step", "totem-jump", "place-near", "place-anywhere", "count", "tie-break"},
	"abraxas": {"place-push", "lines", "take", "replay", "stop", "interrupt", "empty-pool"},
}

// TestShippedLessons loads every lesson, which checks each step against
// the rules (positions parse, accepted moves are legal, wrong moves are
// refused with the explanation shown), and checks that each game has one
// covering the rules.
func TestShippedLessons(t *testing.T) {
	t.Parallel()
	reg := games.Registry()
	ls, err := lessons.Load(reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range reg.Names() {
		l, err := lessons.Find(ls, name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		var rules []string
		for _, st := range l.Steps {
			rules = append(rules, st.Rule)
			if len(st.Wrong) == 0 {
				t.Errorf("%s %s: no wrong move to explain", name, st.Rule)
			}
		}
		for _, want := range coverage[name] {
			if !slices.Contains(rules, want) {
				t.Errorf("%s: no step teaches %q (steps: %v)", name, want, rules)
			}
		}
	}
}

// TestCheckRefuses breaks a shipped lesson in each way Check guards
// against, and expects each to be refused.
func TestCheckRefuses(t *testing.T) {
	t.Parallel()
	reg := games.Registry()
	good := shipped(t, "oshi")
	for _, tc := range []struct {
		name, want string
		edit       func(l *lessons.Lesson)
	}{
		{"bad position", "bad position", func(l *lessons.Lesson) { l.Steps[0].Position = "t7t/9 r 0-0 -" }},
		{"illegal accepted move", "is not legal", func(l *lessons.Lesson) { l.Steps[0].Accept = []string{"a1a5"} }},
		{"legal wrong move", "is legal", func(l *lessons.Lesson) { l.Steps[0].Wrong[0].Move = "a1a2" }},
		{"other explanation", "is explained", func(l *lessons.Lesson) {
			l.Steps[4].Wrong[0].Why = game.Text{}
			for _, lang := range game.Languages() {
				l.Steps[4].Wrong[0].Why[lang] = "No (" + lang + ")."
			}
		}},
		{"no French", "no fr text", func(l *lessons.Lesson) { delete(l.Steps[1].Says, "fr") }},
		{"move that does not win", "does not win", func(l *lessons.Lesson) { l.Steps[0].Wins = true }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			l := clone(t, good)
			tc.edit(&l)
			err := lessons.Check(reg, l)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// TestLoadNamesNoGame checks that a game has a lesson only through its
// file: games without data, or with an empty folder, give none, and a
// file about another game is refused.
func TestLoadNamesNoGame(t *testing.T) {
	t.Parallel()
	gs := games.Registry().Games()
	withData := func(files fs.FS) *game.Registry {
		out := slices.Clone(gs)
		for i := range out {
			out[i].Data = files
		}
		return game.NewRegistry(out...)
	}
	for _, files := range []fs.FS{nil, fstest.MapFS{}} {
		ls, err := lessons.Load(withData(files))
		if err != nil || len(ls) != 0 {
			t.Errorf("data %v: got %d lessons, %v, want none", files, len(ls), err)
		}
	}
	data, err := fs.ReadFile(gs[1].Data, lessons.File)
	if err != nil {
		t.Fatal(err)
	}
	other := slices.Clone(gs)
	other[2].Data = fstest.MapFS{lessons.File: {Data: data}}
	if _, err = lessons.Load(game.NewRegistry(other...)); err == nil {
		t.Errorf("got no error for %s's lesson in %s's data", gs[1].Name, gs[2].Name)
	}
}

func TestAccepts(t *testing.T) {
	t.Parallel()
	st := lessons.Step{Accept: []string{"d7*", "a1a2", "^d7,4*"}}
	for _, tc := range []struct {
		move string
		want bool
	}{{"d7,1@c6", true}, {"a1a2", true}, {"a1a3", false}, {"d6,1@d7", false}, {"d7,4@c6", false}} {
		if got := st.Accepts(tc.move); got != tc.want {
			t.Errorf("Accepts(%q): got %v, want %v", tc.move, got, tc.want)
		}
	}
}

func shipped(t *testing.T, name string) lessons.Lesson {
	t.Helper()
	ls, err := lessons.Load(games.Registry())
	if err != nil {
		t.Fatal(err)
	}
	l, err := lessons.Find(ls, name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func clone(t *testing.T, l lessons.Lesson) lessons.Lesson {
	t.Helper()
	b, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	var out lessons.Lesson
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}
