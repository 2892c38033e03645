package game

import (
	"fmt"
	"slices"
	"strings"
)

// Option describes one option a game accepts.
type Option struct {
	Name    string   // "board"
	Default string   // "1"
	Values  []string // every accepted value, default included
	Doc     string   // one line for help texts and the new-game dialog
}

// Game describes one game and builds its states. Games are plain values
// wired by cmd/plateau; there is no registration by side effect.
type Game struct {
	Name    string    // "oxford"
	Title   string    // "Oxford"
	Players [2]string // colour names of the first and second player
	Options []Option
	// Start returns the start position for validated options (only the
	// options the id gave; defaults are the game's business).
	Start func(opts Options) (State, error)
	// Parse reads a position string for validated options.
	Parse func(opts Options, pos string) (State, error)
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
