package server

import (
	"io/fs"
	"net/http"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// catalogJSON is what GET /api/catalog returns: everything a front end
// shows about the games, so that it never needs to know one by name
// (docs/api.md).
type catalogJSON struct {
	Games  []catalogGame `json:"games"`
	Levels levelsJSON    `json:"levels"`
	AI     string        `json:"ai"`
}

type levelsJSON struct {
	Min     int `json:"min"`
	Max     int `json:"max"`
	Default int `json:"default"`
}

type catalogGame struct {
	Name       string       `json:"name"`
	Title      string       `json:"title"`
	Players    [2]string    `json:"players"`
	Colours    [2]game.Text `json:"colours"`
	Summary    game.Text    `json:"summary"`
	FixedBoard bool         `json:"fixedBoard"`
	// Start is the start position of the game without options; Starts
	// has it for every combination of options, by canonical id.
	Start  string            `json:"start"`
	Starts map[string]string `json:"starts"`
	// Board is the web client's module that draws this game, when the
	// served client has one; without it the client's generic board
	// draws the game from its position string.
	Board   string       `json:"board,omitempty"`
	Options []optionJSON `json:"options"`
}

type optionJSON struct {
	Name    string               `json:"name"`
	Default string               `json:"default"`
	Values  []string             `json:"values"`
	Doc     string               `json:"doc"`
	Label   game.Text            `json:"label"`
	Labels  map[string]game.Text `json:"labels"`
}

func (s *Server) handleCatalog(w http.ResponseWriter, r *http.Request) {
	out := catalogJSON{Games: []catalogGame{}, AI: s.cfg.MoverName,
		Levels: levelsJSON{Min: ai.MinLevel, Max: ai.MaxLevel, Default: ai.DefaultLevel}}
	for _, g := range s.cfg.Registry.Games() {
		out.Games = append(out.Games, s.catalogGame(g))
	}
	s.reply(w, http.StatusOK, out)
}

// catalogGame describes one game. A combination of options whose start
// fails is a bug of its game: it is logged and left out.
func (s *Server) catalogGame(g game.Game) catalogGame {
	cg := catalogGame{Name: g.Name, Title: g.Title, Players: g.Players, Colours: g.Colours, Summary: g.Summary,
		FixedBoard: g.FixedBoard, Starts: map[string]string{}, Board: s.boardModule(g.Name), Options: []optionJSON{}}
	for _, o := range g.Options {
		cg.Options = append(cg.Options, optionJSON{o.Name, o.Default, o.Values, o.Doc, o.Label, o.Labels})
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
