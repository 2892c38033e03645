package server_test

import (
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// catalog is the part of GET /api/catalog the tests read.
type catalog struct {
	Games []struct {
		Name       string            `json:"name"`
		Title      string            `json:"title"`
		Colours    [2]game.Text      `json:"colours"`
		Summary    game.Text         `json:"summary"`
		FixedBoard bool              `json:"fixedBoard"`
		Start      string            `json:"start"`
		Starts     map[string]string `json:"starts"`
		Board      string            `json:"board"`
		Options    []struct {
			Name    string               `json:"name"`
			Default string               `json:"default"`
			Values  []string             `json:"values"`
			Label   game.Text            `json:"label"`
			Labels  map[string]game.Text `json:"labels"`
		} `json:"options"`
		LevelAbout []game.Text `json:"levelAbout"`
	} `json:"games"`
	Levels struct{ Min, Max, Default int } `json:"levels"`
}

// TestCatalog checks that the catalog carries every game's texts in
// every language, its start positions and the level range, and names the
// client's board module only when the client has one.
func TestCatalog(t *testing.T) {
	t.Parallel()
	reg := game.NewRegistry(append(games.Registry().Games(), tictactoe.Game())...)
	static := fstest.MapFS{"index.html": {}, "js/games/oxford.js": {}, "js/games/generic.js": {}}
	e := newEnv(t, func(c *server.Config) { c.Registry, c.Static = reg, static })
	var cat catalog
	if st := e.call("GET", "/api/catalog", nil, &cat); st != 200 {
		t.Fatalf("got status %d", st)
	}
	if l := cat.Levels; l.Min != ai.MinLevel || l.Max != ai.MaxLevel || l.Default != ai.DefaultLevel {
		t.Errorf("got levels %+v, want %d-%d, default %d", l, ai.MinLevel, ai.MaxLevel, ai.DefaultLevel)
	}
	if len(cat.Games) != len(reg.Games()) {
		t.Fatalf("got %d games, want %d", len(cat.Games), len(reg.Games()))
	}
	for i, g := range reg.Games() {
		cg := cat.Games[i]
		if cg.Name != g.Name || cg.Title != g.Title || cg.FixedBoard != g.FixedBoard {
			t.Errorf("game %d: got %s %q fixed %v, want %s %q fixed %v", i, cg.Name, cg.Title, cg.FixedBoard, g.Name, g.Title, g.FixedBoard)
		}
		texts := map[string]game.Text{"summary": cg.Summary, "colour 0": cg.Colours[0], "colour 1": cg.Colours[1]}
		for _, o := range cg.Options {
			texts["option "+o.Name] = o.Label
			for _, v := range o.Values {
				texts["option "+o.Name+"="+v] = o.Labels[v]
			}
		}
		if len(cg.LevelAbout) != ai.MaxLevel-ai.MinLevel+1 {
			t.Errorf("%s: got %d level descriptions, want %d", g.Name, len(cg.LevelAbout), ai.MaxLevel-ai.MinLevel+1)
		}
		for l, tx := range cg.LevelAbout {
			texts[fmt.Sprintf("level %d", l+ai.MinLevel)] = tx
		}
		for what, tx := range texts {
			if err := tx.Check(g.Name + " " + what); err != nil {
				t.Error(err)
			}
		}
		start, _ := reg.New(g.Name, "")
		if cg.Start != start.String() || len(cg.Starts) != len(g.IDs()) {
			t.Errorf("%s: got start %q and %d starts, want %q and %d", g.Name, cg.Start, len(cg.Starts), start, len(g.IDs()))
		}
		want := map[string]string{"oxford": "/js/games/oxford.js"}[g.Name]
		if cg.Board != want {
			t.Errorf("%s: got board module %q, want %q", g.Name, cg.Board, want)
		}
	}
	if got, want := cat.Games[3].Starts["abraxas:board=4,push=free"], "9/9/9/9/9/9/9/9/9 4 - 2 corner 0-0 3-3 -"; got != want {
		t.Errorf("abraxas:board=4,push=free: got start %q, want %q", got, want)
	}
}

// TestCatalogTopLevel: a server whose strongest level plays the top
// strength says so in the level picker, not level 8's node count.
func TestCatalogTopLevel(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *server.Config) {
		c.Registry = games.Registry()
		c.Mover = &agent.KeptMover{TopThreads: 2}
	})
	var cat catalog
	if st := e.call("GET", "/api/catalog", nil, &cat); st != 200 {
		t.Fatalf("got status %d", st)
	}
	for _, cg := range cat.Games {
		top := cg.LevelAbout[ai.MaxLevel-ai.MinLevel]
		if want := ai.DescribeTop(2); top["en"] != want["en"] || top["fr"] != want["fr"] {
			t.Errorf("%s level %d: got %q, want %q", cg.Name, ai.MaxLevel, top, want)
		}
		below, _ := ai.Describe(cg.Name, ai.MaxLevel-1)
		if got := cg.LevelAbout[ai.MaxLevel-1-ai.MinLevel]; got["en"] != below["en"] {
			t.Errorf("%s level %d: got %q, want ai.Describe's %q", cg.Name, ai.MaxLevel-1, got["en"], below["en"])
		}
	}
}

// TestViewPhase checks that a view carries the phase of a game that has
// phases, hint included, and none for a game without.
func TestViewPhase(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *server.Config) {
		c.Registry = game.NewRegistry(append(games.Registry().Games(), tictactoe.Game())...)
	})
	type phased struct {
		Phase *struct {
			Name  string    `json:"name"`
			About game.Text `json:"about"`
			Hint  *struct {
				Label game.Text `json:"label"`
			} `json:"hint"`
		} `json:"phase"`
	}
	humans := []map[string]any{{"kind": "human"}, {"kind": "human"}}
	var c struct {
		View phased `json:"view"`
	}
	e.call("POST", "/api/games", map[string]any{"game": "abraxas", "seats": humans,
		"position": "9/9/9/9/9/9/5B3/3R5/5R3 1 bl 1 interrupt 0-1 2-3 -"}, &c)
	ph := c.View.Phase
	if ph == nil || ph.Name != "interrupt" || ph.About.In("fr") != "Stop ! ou passer." || ph.Hint == nil || ph.Hint.Label.In("en") != "Stop!" {
		t.Errorf("got phase %+v, want interrupt with its French text and the Stop! hint", ph)
	}
	c.View = phased{}
	e.call("POST", "/api/games", map[string]any{"game": "tictactoe", "seats": humans}, &c)
	if c.View.Phase != nil {
		t.Errorf("got phase %+v for tic-tac-toe, want none", c.View.Phase)
	}
}
