package catalog

import (
	"io/fs"
	"log/slog"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/ratings"
)

// Config is what a catalog is built from; Registry is required.
type Config struct {
	Registry *game.Registry
	// AI names the AI that plays the AI seats.
	AI string
	// Describe says what a level of the AI does in a game (default
	// ai.Describe).
	Describe func(game string, level int) (game.Text, error)
	// Static holds the web client's files, where a game's own board
	// module is looked for (nil: none).
	Static fs.FS
	// Log receives the games' defects the catalog leaves out.
	Log *slog.Logger
}

// Build describes every game of the registry, with the AI's levels.
func Build(c Config) api.Catalog {
	if c.Describe == nil {
		c.Describe = ai.Describe
	}
	if c.Log == nil {
		c.Log = slog.New(slog.DiscardHandler)
	}
	out := api.Catalog{Games: []api.CatalogGame{}, AI: c.AI,
		Levels: api.Levels{Min: ai.MinLevel, Max: ai.MaxLevel, Default: ai.DefaultLevel}}
	for _, g := range c.Registry.Games() {
		out.Games = append(out.Games, c.game(g))
	}
	return out
}

// game describes one game. A combination of options whose start fails
// is a bug of its game: it is logged and left out.
func (c Config) game(g game.Game) api.CatalogGame {
	cg := api.CatalogGame{Name: g.Name, Title: g.Title, Players: g.Players, Colours: g.Colours, Summary: g.Summary,
		FixedBoard: g.FixedBoard, Starts: map[string]string{}, Board: c.boardModule(g.Name), Options: []api.Option{}}
	for _, o := range g.Options {
		cg.Options = append(cg.Options, api.Option{Name: o.Name, Default: o.Default, Values: o.Values, Doc: o.Doc, Label: o.Label, Labels: o.Labels})
	}
	for _, id := range g.IDs() {
		st, err := c.Registry.New(id, "")
		if err != nil {
			c.Log.Error("catalog: a start position fails", "id", id, "err", err)
			continue
		}
		cg.Starts[id] = st.String()
	}
	cg.Start = cg.Starts[g.Name]
	c.ratings(g, &cg)
	for l := ai.MinLevel; l <= ai.MaxLevel; l++ {
		about, err := c.Describe(g.Name, l)
		if err != nil {
			c.Log.Error("catalog: a level has no description", "game", g.Name, "level", l, "err", err)
			break
		}
		cg.LevelAbout = append(cg.LevelAbout, about)
	}
	return cg
}

// boardModule returns the path of the web client's module that draws a
// game by hand, js/games/<name>.js, or "" when the client has none.
func (c Config) boardModule(name string) string {
	if c.Static == nil {
		return ""
	}
	file := "js/games/" + name + ".js"
	if fi, err := fs.Stat(c.Static, file); err != nil || fi.IsDir() {
		return ""
	}
	return "/" + file
}

// ratings adds what the catalog says about ratings: the AI levels on the
// players' scale for every option combination, and the pools.
func (c Config) ratings(g game.Game, cg *api.CatalogGame) {
	cg.LevelRatings = map[string][]int{}
	for id := range cg.Starts {
		r, err := ai.LevelRatings(id)
		if err != nil {
			c.Log.Error("catalog: levels without ratings", "id", id, "err", err)
			continue
		}
		for _, v := range r {
			cg.LevelRatings[id] = append(cg.LevelRatings[id], int(v))
		}
	}
	for _, p := range ratings.Pools(g) {
		cg.RatingPools = append(cg.RatingPools, api.RatingPool{Group: p.Group, Label: p.Label})
	}
}
