package server

import (
	"io/fs"
	"net/http"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/ratings"
)

func (s *Server) handleCatalog(w http.ResponseWriter, r *http.Request) {
	out := api.Catalog{Games: []api.CatalogGame{}, AI: s.cfg.MoverName,
		Levels: api.Levels{Min: ai.MinLevel, Max: ai.MaxLevel, Default: ai.DefaultLevel}}
	for _, g := range s.cfg.Registry.Games() {
		out.Games = append(out.Games, s.catalogGame(g))
	}
	s.reply(w, http.StatusOK, out)
}

// catalogGame describes one game. A combination of options whose start
// fails is a bug of its game: it is logged and left out.
func (s *Server) catalogGame(g game.Game) api.CatalogGame {
	cg := api.CatalogGame{Name: g.Name, Title: g.Title, Players: g.Players, Colours: g.Colours, Summary: g.Summary,
		FixedBoard: g.FixedBoard, Starts: map[string]string{}, Board: s.boardModule(g.Name), Options: []api.Option{}}
	for _, o := range g.Options {
		cg.Options = append(cg.Options, api.Option{Name: o.Name, Default: o.Default, Values: o.Values, Doc: o.Doc, Label: o.Label, Labels: o.Labels})
	}
	for _, id := range g.IDs() {
		st, err := s.cfg.Registry.New(id, "")
		if err != nil {
			s.log.Error("catalog: a start position fails", "id", id, "err", err)
			continue
		}
		cg.Starts[id] = st.String()
	}
	cg.Start = cg.Starts[g.Name]
	s.catalogRatings(g, &cg)
	describe := ai.Describe
	if d, ok := s.cfg.Mover.(LevelDescriber); ok {
		describe = d.Describe
	}
	for l := ai.MinLevel; l <= ai.MaxLevel; l++ {
		about, err := describe(g.Name, l)
		if err != nil {
			s.log.Error("catalog: a level has no description", "game", g.Name, "level", l, "err", err)
			break
		}
		cg.LevelAbout = append(cg.LevelAbout, about)
	}
	return cg
}

// boardModule returns the path of the web client's module that draws a
// game by hand, js/games/<name>.js, or "" when the client has none.
func (s *Server) boardModule(name string) string {
	if s.cfg.Static == nil {
		return ""
	}
	file := "js/games/" + name + ".js"
	if fi, err := fs.Stat(s.cfg.Static, file); err != nil || fi.IsDir() {
		return ""
	}
	return "/" + file
}

// catalogRatings adds what the catalog says about ratings: the AI levels
// on the players' scale for every option combination, and the pools.
func (s *Server) catalogRatings(g game.Game, cg *api.CatalogGame) {
	cg.LevelRatings = map[string][]int{}
	for id := range cg.Starts {
		r, err := ai.LevelRatings(id)
		if err != nil {
			s.log.Error("catalog: levels without ratings", "id", id, "err", err)
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
