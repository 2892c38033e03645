package web_test

import (
	"bufio"
	"encoding/json"
	"io/fs"
	"os"
	"path"
	"regexp"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/web"
)

// catalog reads a language's browser catalog.
func catalog(t *testing.T, lang string) map[string]any {
	t.Helper()
	b, err := fs.ReadFile(web.FS(), "i18n/"+lang+".json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("i18n/%s.json: %v", lang, err)
	}
	return m
}

// identicalKeys reads web/identical/<lang>.txt: the keys whose text the
// language says as English does ("Notation", "Webhook").
func identicalKeys(t *testing.T, lang string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	f, err := os.Open("identical/" + lang + ".txt")
	if os.IsNotExist(err) {
		return out
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for sc := bufio.NewScanner(f); sc.Scan(); {
		if k := strings.TrimSpace(sc.Text()); k != "" {
			out[k] = true
		}
	}
	return out
}

var wordRe = regexp.MustCompile(`[A-Za-z]{3,}`)

var notWords = strings.NewReplacer("Plateau", "", "Oxford", "", "Oshi", "", "Yoxii", "", "Abraxas", "", "Elo", "", "API", "")

// TestNoEnglishLeftInCatalogs fails on a text another language says as
// English does, unless web/identical/<lang>.txt lists its key; and on a
// listed key whose text differs (a stale list hides nothing).
func TestNoEnglishLeftInCatalogs(t *testing.T) {
	t.Parallel()
	en := catalog(t, "en")
	for _, lang := range game.Languages()[1:] {
		texts, same := catalog(t, lang), identicalKeys(t, lang)
		for k, v := range en {
			s, ok := v.(string)
			if !ok {
				continue
			}
			switch {
			case texts[k] == s && !same[k] && wordRe.MatchString(notWords.Replace(s)):
				t.Errorf("i18n/%s.json: %q is left in English: %q", lang, k, s)
			case same[k] && texts[k] != s:
				t.Errorf("identical/%s.txt lists %q, whose text %q is not English's %q", lang, k, texts[k], s)
			}
		}
	}
}

// keyRe finds the literal keys the client reads: t('key'), tr('key',
// and a board module's w('key') (its game's keys, words(game)); a key
// built at run time ('code.' + code) is not a literal followed by , or ).
var keyRe = regexp.MustCompile(`\b(t|tr|w)\('([\w.\-]+)'\s*[,)]`)

// TestEveryKeyInCatalog fails on a key the client reads that the English
// catalog lacks: the page would show the key itself.
func TestEveryKeyInCatalog(t *testing.T) {
	t.Parallel()
	en := catalog(t, "en")
	found := 0
	err := fs.WalkDir(web.FS(), "js", func(file string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(file) != ".js" {
			return err
		}
		b, err := fs.ReadFile(web.FS(), file)
		if err != nil {
			return err
		}
		prefix := ""
		if path.Dir(file) == "js/games" {
			prefix = strings.TrimSuffix(path.Base(file), ".js") + "."
		}
		for _, m := range keyRe.FindAllStringSubmatch(string(b), -1) {
			key := m[2]
			if m[1] == "w" {
				if prefix == "" {
					continue // a w that is not a board module's words
				}
				key = prefix + key
			}
			found++
			if _, ok := en[key]; !ok {
				t.Errorf("%s reads %q, which i18n/en.json lacks", file, key)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 500 {
		t.Errorf("found %d keys read by the client, want hundreds: the scan has lost its calls", found)
	}
}
