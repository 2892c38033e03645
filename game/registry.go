package game

import (
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
)

// Option describes one option a game accepts.
type Option struct {
	Name    string   // "board"
	Default string   // "1"
	Values  []string // every accepted value, default included
	Doc     string   // one line for help texts
	Label   Text     // the option's name for people: "Board", "Plateau"
	// Labels name each value for people ("Board 1 (beginner)"), keyed
	// by value; every value has one.
	Labels map[string]Text
	// RatedApart says that games with different values of this option
	// are rated in separate pools (package internal/ratings): the option
	// changes the game enough that skill at one value says little about
	// skill at another. The game's rules doc argues each choice.
	RatedApart bool
}

// Game describes one game and builds its states. Games are plain values
// listed by package games; there is no registration by side effect.
//
// Everything a front end shows about a game comes from here and from its
// states (Phaser), so that front ends never name a game.
type Game struct {
	Name    string    // "oxford"
	Title   string    // "Oxford", a proper name in every language
	Players [2]string // the players' ids in commands and records: "red", "1"
	// Colours name the first and second player for people ("Red",
	// "Rouge"; "Player 1", "Joueur 1").
	Colours [2]Text
	// Summary is one line about the game for a list of games.
	Summary Text
	// FixedBoard is true when the board must be drawn the same way for
	// both players (Abraxas's plate moves between named corners);
	// otherwise a front end may turn it for the second player.
	FixedBoard bool
	Options    []Option
	// Start returns the start position for validated options (only the
	// options the id gave; defaults are the game's business).
	Start func(opts Options) (State, error)
	// Parse reads a position string for validated options.
	Parse func(opts Options, pos string) (State, error)
	// Reasons, when not nil, says one of the game's end reasons (a
	// State's Reason) in every language; nil for words it does not know.
	// Lists of finished games use it, which hold a reason but no state.
	Reasons func(reason string) Text
	// Data holds the game's content beside its rules, read by the
	// packages that own each file: lessons.json (internal/lessons),
	// puzzles.json and themes.json (internal/puzzles), lab.json
	// (internal/lab). A game embeds its data/ folder and gives
	// Folder(files, "data"); nil, or a missing file, is no content.
	Data fs.FS
	// Texts, when not nil, returns the catalog of the game's texts
	// (Catalog): its states' and options' words, and those of Data's
	// lessons and themes, which give only their English. The server
	// refuses to start on a catalog that cannot be read.
	Texts func() (*Catalog, error)
}

// Folder returns the folder dir of fsys as a file system of its own, for
// a Game's Data; nil when dir is not a valid path (fs.ValidPath).
func Folder(fsys fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		return nil
	}
	return sub
}

// Check reports the first text a game lacks in a language of Languages,
// and options whose values have no label.
func (g Game) Check() error {
	for p, c := range g.Colours {
		if err := c.Check(fmt.Sprintf("%s colour %d", g.Name, p)); err != nil {
			return err
		}
	}
	if err := g.Summary.Check(g.Name + " summary"); err != nil {
		return err
	}
	for _, o := range g.Options {
		if err := o.Label.Check(g.Name + " option " + o.Name); err != nil {
			return err
		}
		if !slices.Contains(o.Values, o.Default) {
			return fmt.Errorf("game: %s option %s: default %q is not a value", g.Name, o.Name, o.Default)
		}
		for _, v := range o.Values {
			if err := o.Labels[v].Check(g.Name + " option " + o.Name + "=" + v); err != nil {
				return err
			}
		}
	}
	return nil
}

// IDs returns the canonical id of every combination of the game's option
// values, defaults left out, in the order of the options' values:
// "abraxas", "abraxas:push=free", "abraxas:board=2", ... Front ends use
// them to show each combination's start position.
func (g Game) IDs() []string {
	sets := []Options{{}}
	for _, o := range g.Options {
		var next []Options
		for _, set := range sets {
			for _, v := range o.Values {
				n := maps.Clone(set)
				if v != o.Default {
					n[o.Name] = v
				}
				next = append(next, n)
			}
		}
		sets = next
	}
	ids := make([]string, len(sets))
	for i, set := range sets {
		ids[i] = ID{Name: g.Name, Options: set}.String()
	}
	return ids
}

// Registry is the set of games a program offers.
type Registry struct {
	games []Game
}

// NewRegistry returns a registry of the given games, in that order.
func NewRegistry(games ...Game) *Registry {
	return &Registry{games: slices.Clone(games)}
}

// Games returns the games in registration order.
func (r *Registry) Games() []Game { return slices.Clone(r.games) }

// Names returns the game names in registration order.
func (r *Registry) Names() []string {
	names := make([]string, len(r.games))
	for i, g := range r.games {
		names[i] = g.Name
	}
	return names
}

// Lookup parses a game id and checks its name and options.
func (r *Registry) Lookup(id string) (Game, ID, error) {
	pid, err := ParseID(id)
	if err != nil {
		return Game{}, ID{}, err
	}
	i := slices.IndexFunc(r.games, func(g Game) bool { return g.Name == pid.Name })
	if i < 0 {
		return Game{}, ID{}, fmt.Errorf("game: %w %q: unknown game %q (known: %s)",
			ErrBadID, id, pid.Name, strings.Join(r.Names(), ", "))
	}
	g := r.games[i]
	for k, v := range pid.Options {
		j := slices.IndexFunc(g.Options, func(o Option) bool { return o.Name == k })
		if j < 0 {
			return Game{}, ID{}, fmt.Errorf("game: %w %q: %s has no option %q", ErrBadID, id, g.Name, k)
		}
		if !slices.Contains(g.Options[j].Values, v) {
			return Game{}, ID{}, fmt.Errorf("game: %w %q: option %s=%s (want one of %s)",
				ErrBadID, id, k, v, strings.Join(g.Options[j].Values, ", "))
		}
	}
	return g, pid, nil
}

// New returns the start position of a game id, or the given position
// when pos is not empty.
func (r *Registry) New(id, pos string) (State, error) {
	g, pid, err := r.Lookup(id)
	if err != nil {
		return nil, err
	}
	if pos == "" {
		return g.Start(pid.Options)
	}
	return g.Parse(pid.Options, pos)
}
