package web_test

import (
	"io/fs"
	"path"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/tictactoe"
	"github.com/plateau-games/plateau/web"
)

// TestNoGameNames fails when a script or the style sheet of the client
// names a game outside that game's own board module (js/games/<name>.js):
// everything else learns about games from the server's catalog and
// views, so that a new game needs no edit to the pages.
func TestNoGameNames(t *testing.T) {
	t.Parallel()
	var words []string
	for _, g := range append(games.Registry().Games(), tictactoe.Game()) {
		words = append(words, g.Name, strings.ToLower(g.Title))
	}
	scripts := 0
	err := fs.WalkDir(web.FS(), ".", func(file string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || (path.Ext(file) != ".js" && path.Ext(file) != ".css") {
			return err
		}
		scripts++
		b, err := fs.ReadFile(web.FS(), file)
		if err != nil {
			return err
		}
		text := strings.ToLower(string(b))
		own := ""
		if path.Dir(file) == "js/games" {
			own = strings.TrimSuffix(path.Base(file), ".js")
		}
		for _, w := range words {
			if w != own && strings.Contains(text, w) {
				t.Errorf("%s names the game %q", file, w)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if scripts < 10 {
		t.Fatalf("got %d scripts and style sheets, want the whole client", scripts)
	}
}
