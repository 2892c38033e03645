package game_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/plateau-games/plateau/game"
)

// catalogFS returns a catalog folder "c" with a template of texts and
// each other language's file from files (missing ones copied from fr).
func catalogFS(tmpl string, files map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{"c/en.json": {Data: []byte(tmpl)}}
	for _, l := range game.Languages()[1:] {
		data, ok := files[l]
		if !ok {
			data = files["fr"]
		}
		fsys["c/"+l+".json"] = &fstest.MapFile{Data: []byte(data)}
	}
	return fsys
}

const tmpl = `{"There is no piece on %s.": "There is no piece on %s.", "%s: level %d": "%s: level %d", "Red": "Red"}`

func TestReadCatalogRefuses(t *testing.T) {
	t.Parallel()
	good := `{"There is no piece on %s.": "Pas de pièce en %s.", "%s: level %d": "%[1]s : niveau %[2]d", "Red": "Rouge"}`
	tests := []struct {
		name, tmpl, fr string
		want           string // in the error: the file and the key
	}{
		{"missing key", tmpl, `{"There is no piece on %s.": "Pas de pièce en %s.", "Red": "Rouge"}`, `c/fr.json: key "%s: level %d" is missing`},
		{"unknown key", tmpl, strings.Replace(good, `"Red": "Rouge"`, `"Red": "Rouge", "Blue": "Bleu"`, 1), `c/fr.json: unknown key "Blue"`},
		{"verb lost", tmpl, strings.Replace(good, "Pas de pièce en %s.", "Pas de pièce.", 1), `c/fr.json: key "There is no piece on %s."`},
		{"verb changed", tmpl, strings.Replace(good, "%[2]d", "%[2]s", 1), `c/fr.json: key "%s: level %d": placeholders`},
		{"blank", tmpl, strings.Replace(good, `"Rouge"`, `" "`, 1), `c/fr.json: key "Red" has a blank text`},
		{"not JSON", tmpl, `{"Red": `, `c/fr.json`},
		{"template not identity", `{"Red": "Rouge"}`, `{"Red": "Rouge"}`, `c/en.json: key "Red"`},
	}
	for _, tt := range tests {
		_, err := game.ReadCatalog(catalogFS(tt.tmpl, map[string]string{"fr": tt.fr}), "c")
		if !errors.Is(err, game.ErrCatalog) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want ErrCatalog naming %q", tt.name, err, tt.want)
		}
	}
	if _, err := game.ReadCatalog(catalogFS(tmpl, map[string]string{"fr": good}), "c"); err != nil {
		t.Errorf("a sound catalog: got %v", err)
	}
}

func TestCatalogText(t *testing.T) {
	t.Parallel()
	fr := `{"There is no piece on %s.": "Pas de pièce en %s.", "%s: level %d": "%[1]s : niveau %[2]d", "Red": "Rouge"}`
	c, err := game.ReadCatalog(catalogFS(tmpl, map[string]string{"fr": fr}), "c")
	if err != nil {
		t.Fatal(err)
	}
	red := c.Text("Red")
	tests := []struct {
		got  game.Text
		lang string
		want string
	}{
		{c.Text("There is no piece on %s.", "c2"), "en", "There is no piece on c2."},
		{c.Text("There is no piece on %s.", "c2"), "fr", "Pas de pièce en c2."},
		{c.Text("%s: level %d", red, 3), "fr", "Rouge : niveau 3"}, // a Text argument in the same language
		{c.Text("%s: level %d", red, 3), "en", "Red: level 3"},
		{c.Text("Not in the catalog"), "fr", "Not in the catalog"},
		{c.Fill(game.Text{"en": "Red"}), "fr", "Rouge"},
		{c.Fill(game.Text{"en": "Red", "fr": "Rouge vif"}), "fr", "Rouge vif"},
	}
	for i, tt := range tests {
		if got := tt.got.In(tt.lang); got != tt.want {
			t.Errorf("%d: got %q in %s, want %q", i, got, tt.lang, tt.want)
		}
	}
	if !c.Has("Red") || c.Has("Blue") {
		t.Errorf("Has: got %v and %v, want true and false", c.Has("Red"), c.Has("Blue"))
	}
	out, err := c.FillJSON([]byte(`{"n": 12345678901, "title": {"en": "Red"}, "list": [{"en": "Red", "x": 1}]}`))
	if err != nil || !strings.Contains(string(out), `"n":12345678901`) || !strings.Contains(string(out), `"fr":"Rouge"`) || !strings.Contains(string(out), `{"en":"Red","x":1}`) {
		t.Errorf("FillJSON: got %s, %v; want the number as written, the title filled, the other object untouched", out, err)
	}
}
