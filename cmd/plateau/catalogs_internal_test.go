package main

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/i18n"
	"github.com/plateau-games/plateau/web"
)

// TestServeRefusesBrokenCatalog: serve's start-up check passes on the
// repository's catalogs and refuses a browser catalog with a key
// missing, naming the file and the key, before it opens anything.
func TestServeRefusesBrokenCatalog(t *testing.T) {
	t.Parallel()
	reg := games.Registry()
	if err := checkCatalogs(web.FS(), reg); err != nil {
		t.Fatalf("the repository's catalogs: %v", err)
	}
	broken := fstest.MapFS{}
	err := fs.WalkDir(web.FS(), "i18n", func(file string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(web.FS(), file)
		if file == "i18n/de.json" {
			b = []byte(strings.Replace(string(b), `"resign":`, `"resign-typo":`, 1))
		}
		broken[file] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	err = checkCatalogs(broken, reg)
	if !errors.Is(err, i18n.ErrCatalog) || !strings.Contains(err.Error(), `i18n/de.json: key "resign" is missing`) {
		t.Errorf("got %v, want a refusal naming i18n/de.json and the key resign", err)
	}
}
