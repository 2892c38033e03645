package web_test

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"testing"

	"github.com/plateau-games/plateau/web"
)

// firstLoadBudget is the limit on the compressed bytes of a first
// visit. Every file is counted, the app loads all its modules at start,
// except the WebAssembly engine (lazyDir), which only a page that needs
// it fetches, through js/engine.js's worker.
const firstLoadBudget = 150 * 1024

// lazyDir holds the files fetched only when a page starts the engine.
const lazyDir = "engine"

// TestFirstLoadBudget gzips every client file and checks the total against
// the budget; docs/perf.md records the figure.
func TestFirstLoadBudget(t *testing.T) {
	t.Parallel()
	total, raw := 0, 0
	err := fs.WalkDir(web.FS(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path == lazyDir {
			return fs.SkipDir
		}
		if d.IsDir() {
			return nil
		}
		b, err := fs.ReadFile(web.FS(), path)
		if err != nil {
			return err
		}
		var z bytes.Buffer
		w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		if _, err := w.Write(b); err != nil {
			return err
		}
		if err := w.Close(); err != nil {
			return err
		}
		raw += len(b)
		total += z.Len()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first load: %d bytes raw, %d bytes gzipped", raw, total)
	if total > firstLoadBudget {
		t.Errorf("got %d compressed bytes, want at most %d", total, firstLoadBudget)
	}
}
