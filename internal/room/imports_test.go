package room

import (
	"go/build"
	"slices"
	"strings"
	"testing"
)

// module is the prefix of this repository's packages, whose imports the
// walk follows.
const module = "github.com/plateau-games/plateau/"

// TestRoomKnowsNoHTTP checks that the rooms decide what happens to
// games without knowing about HTTP, which lives at the edge: neither
// this package nor anything it imports, however deep, is net/http or a
// WebSocket library (the repository's packages are followed; outside
// packages are checked by name); nor does it import internal/server back.
func TestRoomKnowsNoHTTP(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	var walk func(path, dir string, chain []string)
	walk = func(path, dir string, chain []string) {
		if seen[path] {
			return
		}
		seen[path] = true
		if path == "net/http" || strings.HasPrefix(path, "net/http/") || strings.Contains(path, "websocket") ||
			strings.HasSuffix(path, "/internal/server") {
			t.Errorf("the room imports %s (through %s): refusals are mapped to statuses at the edge", path, strings.Join(chain, " -> "))
			return
		}
		if path == "expvar" || strings.HasPrefix(path, "net/rpc") {
			t.Errorf("the room imports %s (through %s), which serves HTTP", path, strings.Join(chain, " -> "))
			return
		}
		if !strings.HasPrefix(path, module) {
			return // the standard library and the store's drivers: checked by name
		}
		pkg, err := build.Import(path, dir, 0)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, imp := range pkg.Imports {
			if imp == "C" {
				continue
			}
			walk(imp, pkg.Dir, append(slices.Clip(chain), imp))
		}
	}
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range pkg.Imports {
		walk(imp, pkg.Dir, []string{imp})
	}
	if !seen["github.com/plateau-games/plateau/internal/store"] {
		t.Errorf("the walk never reached internal/store: it checked nothing (imports %v)", pkg.Imports)
	}
}
