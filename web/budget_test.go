package web_test

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"path"
	"regexp"
	"testing"

	"github.com/plateau-games/plateau/web"
)

// firstLoadBudget is the limit on the compressed bytes of a first
// visit.
const firstLoadBudget = 150 * 1024

// firstLoadRoots are what a first visit fetches whatever the page: the
// shell, its style sheet and manifest, and the entry module.
var firstLoadRoots = []string{"index.html", "app.css", "manifest.webmanifest", "js/main.js"}

// staticImport finds a module's static imports ("import x from './y.js'",
// "import './y.js'"); import() calls load a module later, with the page
// that needs it, and are not part of the first load.
var staticImport = regexp.MustCompile(`(?m)^\s*import\s+(?:[^'"()]*?\s+from\s+)?['"](\.{1,2}/[^'"]+)['"]`)

// firstLoad returns the files a first visit fetches: the roots and every
// module the entry module imports statically, directly or not.
func firstLoad(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	var visit func(file string)
	visit = func(file string) {
		if _, ok := out[file]; ok {
			return
		}
		b, err := fs.ReadFile(web.FS(), file)
		if err != nil {
			t.Fatalf("first load: %v", err)
		}
		out[file] = b
		if path.Ext(file) != ".js" {
			return
		}
		for _, m := range staticImport.FindAllSubmatch(b, -1) {
			visit(path.Join(path.Dir(file), string(m[1])))
		}
	}
	for _, f := range firstLoadRoots {
		visit(f)
	}
	// i18n.js fetches the reader's language's catalog, and only it: the
	// budget counts the largest.
	langs, err := fs.Glob(web.FS(), "i18n/*.json")
	if err != nil || len(langs) == 0 {
		t.Fatalf("first load: no catalogs (%v)", err)
	}
	biggest := ""
	for _, f := range langs {
		b, err := fs.ReadFile(web.FS(), f)
		if err != nil {
			t.Fatalf("first load: %v", err)
		}
		if len(b) > len(out[biggest]) {
			delete(out, biggest)
			biggest, out[f] = f, b
		}
	}
	return out
}

// TestFirstLoadBudget gzips every file of a first visit and checks the
// total against the budget; docs/perf.md records the figure.
// TestFirstLoadTransfer (web/browsertest) measures the same in Chromium.
func TestFirstLoadBudget(t *testing.T) {
	t.Parallel()
	total, raw := 0, 0
	files := firstLoad(t)
	for _, b := range files {
		var z bytes.Buffer
		w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		if _, err := w.Write(b); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		raw += len(b)
		total += z.Len()
	}
	t.Logf("first load: %d files, %d bytes raw, %d bytes gzipped", len(files), raw, total)
	if total > firstLoadBudget {
		t.Errorf("got %d compressed bytes, want at most %d", total, firstLoadBudget)
	}
	if _, lazy := files["js/pages/play.js"]; lazy {
		t.Errorf("the game page is in the first load, want it loaded with its first visit")
	}
}

// TestFirstLoadFollowsImports checks the import finder on the forms the
// client uses, so that the budget cannot miss a module.
func TestFirstLoadFollowsImports(t *testing.T) {
	t.Parallel()
	src := "import { a } from './a.js';\nimport * as b from '../b.js';\n  import './c.js';\nconst d = () => import('./d.js');\nimport {\n  e,\n} from './e.js';\n"
	var got []string
	for _, m := range staticImport.FindAllStringSubmatch(src, -1) {
		got = append(got, m[1])
	}
	want := []string{"./a.js", "../b.js", "./c.js", "./e.js"}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("import %d: got %q, want %q", i, got[i], want[i])
		}
	}
}
