package browsertest

import (
	"os"
	"testing"
)

// TestJSUnits runs testdata/units.js in the page: unit checks of the
// position parsers, piece identity and the guided move input.
func TestJSUnits(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("testdata/units.js")
	if err != nil {
		t.Fatal(err)
	}
	p := newPage(t, newBrowser(t), staticServer(t), false)
	p.open("/#/rules/oxford")
	for _, f := range evalJS[[]string](p, "(async () => {\n"+string(src)+"\n})()") {
		t.Errorf("units.js: %s", f)
	}
	p.noErrors()
}
