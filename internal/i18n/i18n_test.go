package i18n_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/i18n"
	"github.com/plateau-games/plateau/web"
)

func TestNegotiate(t *testing.T) {
	t.Parallel()
	tests := []struct{ header, want string }{
		{"", "en"},
		{"de-DE,de;q=0.9,en;q=0.8", "de"},
		{"pt-BR", "pt"},
		{"ja,pl;q=0.5", "pl"},
		{"ja, zh;q=0.8", "en"},
		{"en;q=0.1, nl;q=0.9", "nl"},
		{";;;", "en"},
	}
	for _, tt := range tests {
		if got := i18n.Negotiate(tt.header); got != tt.want {
			t.Errorf("Negotiate(%q): got %q, want %q", tt.header, got, tt.want)
		}
	}
}

func TestForms(t *testing.T) {
	t.Parallel()
	tests := []struct {
		lang string
		want []string
	}{
		{"en", []string{"one", "other"}},
		{"de", []string{"one", "other"}},
		{"fr", []string{"one", "other"}},
		{"pl", []string{"one", "few", "many", "other"}},
	}
	for _, tt := range tests {
		if got := i18n.Forms(tt.lang); !slices.Equal(got, tt.want) {
			t.Errorf("Forms(%s): got %v, want %v", tt.lang, got, tt.want)
		}
	}
}

// TestCatalogsLoad checks every catalog of the repository, as the
// server does at start: the browser's and the services'.
func TestCatalogsLoad(t *testing.T) {
	t.Parallel()
	if err := i18n.Check(web.FS(), "i18n"); err != nil {
		t.Fatal(err)
	}
}

// webFS is a browser catalog folder: en.json as given, every other
// language a copy of other.
func webFS(en, other string, lang string, bad string) fstest.MapFS {
	fsys := fstest.MapFS{"i18n/en.json": {Data: []byte(en)}}
	for _, l := range game.Languages()[1:] {
		fsys["i18n/"+l+".json"] = &fstest.MapFile{Data: []byte(other)}
	}
	if lang != "" {
		fsys["i18n/"+lang+".json"] = &fstest.MapFile{Data: []byte(bad)}
	}
	return fsys
}

func TestCheckWebRefuses(t *testing.T) {
	t.Parallel()
	en := `{"hello": "Hello {0}", "plies": {"one": "{0} move", "other": "{0} moves"}}`
	fr := `{"hello": "Bonjour {0}", "plies": {"one": "{0} coup", "other": "{0} coups"}}`
	pl := `{"hello": "Cześć {0}", "plies": {"one": "{0} ruch", "few": "{0} ruchy", "many": "{0} ruchów", "other": "{0} ruchu"}}`
	tests := []struct {
		name, lang, file, want string
	}{
		{"missing placeholder", "fr", `{"hello": "Bonjour", "plies": {"one": "un coup", "other": "{0} coups"}}`, `i18n/fr.json: key "hello": placeholders [], want [{0}]`},
		{"extra placeholder", "fr", `{"hello": "Bonjour {0} {1}", "plies": {"one": "un coup", "other": "{0} coups"}}`, `i18n/fr.json: key "hello": placeholders`},
		{"missing key", "fr", `{"plies": {"one": "un coup", "other": "{0} coups"}}`, `i18n/fr.json: key "hello" is missing`},
		{"unknown key", "fr", `{"hello": "Bonjour {0}", "bye": "Salut", "plies": {"one": "un coup", "other": "{0} coups"}}`, `i18n/fr.json: unknown key "bye"`},
		{"plural as string", "fr", `{"hello": "Bonjour {0}", "plies": "{0} coups"}`, `i18n/fr.json: key "plies" is a plural`},
		{"plural form unknown to the language", "fr", `{"hello": "Bonjour {0}", "plies": {"one": "un", "few": "{0}", "other": "{0} coups"}}`, `i18n/fr.json: key "plies": plural form "few"`},
		{"plural form missing", "pl", `{"hello": "Cześć {0}", "plies": {"one": "{0} ruch", "other": "{0} ruchu"}}`, `i18n/pl.json: key "plies": plural form "few" is missing`},
		{"plural placeholder lost", "pl", strings.Replace(pl, "{0} ruchów", "ruchów", 1), `i18n/pl.json: key "plies.many": placeholders`},
		{"not JSON", "de", `{"hello": `, `i18n/de.json`},
		{"not a text", "de", `{"hello": 3, "plies": {"one": "{0} Zug", "other": "{0} Züge"}}`, `i18n/de.json: key "hello"`},
	}
	for _, tt := range tests {
		fsys := webFS(en, fr, "pl", pl)
		fsys["i18n/"+tt.lang+".json"] = &fstest.MapFile{Data: []byte(tt.file)}
		err := i18n.CheckWeb(fsys, "i18n")
		if !errors.Is(err, i18n.ErrCatalog) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want ErrCatalog naming %q", tt.name, err, tt.want)
		}
	}
	if err := i18n.CheckWeb(webFS(en, fr, "pl", pl), "i18n"); err != nil {
		t.Errorf("sound catalogs: got %v", err)
	}
	fsys := webFS(en, fr, "pl", pl)
	delete(fsys, "i18n/it.json")
	if err := i18n.CheckWeb(fsys, "i18n"); !errors.Is(err, i18n.ErrCatalog) || !strings.Contains(err.Error(), "it.json") {
		t.Errorf("no Italian catalog: got %v, want it named", err)
	}
}
