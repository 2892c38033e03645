package games_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestFifthIsOneLine checks that fifth.go, the registry of -tags
// fifthgame, is games.go's list with one line added: tic-tac-toe. So
// TestAddAGame adds a game exactly as DEVELOPERS.md says.
func TestFifthIsOneLine(t *testing.T) {
	t.Parallel()
	got, want := registryList(t, "fifth.go"), append(registryList(t, "games.go"), "tictactoe.Game()")
	if !slices.Equal(got, want) {
		t.Errorf("fifth.go lists %v, want games.go's list and one line: %v", got, want)
	}
}

// registryList returns the arguments of game.NewRegistry in a file's
// Registry, as written.
func registryList(t *testing.T, file string) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var list []string
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if sel, isSel := callee(call); ok && isSel && sel == "game.NewRegistry" {
			for _, a := range call.Args {
				list = append(list, exprText(a))
			}
			return false
		}
		return true
	})
	if len(list) == 0 {
		t.Fatalf("%s: no game.NewRegistry call", file)
	}
	return list
}

// callee returns "pkg.Func" for a call of a selector.
func callee(call *ast.CallExpr) (string, bool) {
	if call == nil {
		return "", false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	return exprText(sel), true
}

// exprText writes the calls and selectors a registry list holds.
func exprText(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return exprText(e.X) + "." + e.Sel.Name
	case *ast.CallExpr:
		return exprText(e.Fun) + "()"
	}
	return "?"
}

// need is one test of the repository that a new game fails until
// something is added, and that something.
type need struct {
	pkg, test string // the package under the module, the top-level test
	what      string
}

// addAGameNeeds is what adding tic-tac-toe to the registry takes
// besides its folder and one line in games.go: the tests that fail with
// -tags fifthgame, each with what makes it pass. DEVELOPERS.md, "Adding
// a game", says the same in words; internal/tictactoe is a test game and
// ships none of it.
func addAGameNeeds() []need {
	return []need{
		{"games", "TestOneList", "the game's name in TestOneList's list (games/games_test.go)"},
		{"games", "Example", "the game's line in the example's output (games/example_test.go)"},
		{"games", "TestReasonTexts", "in the folder: the state explains why a game ended (game.Reasoner), in English and French"},
		{"games", "TestEveryGameHasALadder", "an entry in ai/ladders.go: a measured ladder, or the game listed as unmeasured"},
		{"internal/lessons", "TestShippedLessons", "in the folder: data/lessons.json, the lesson"},
		{"internal/server", "TestLessons", "in the folder: data/lessons.json (GET /api/lessons lists every game's)"},
		{"internal/puzzles", "TestShippedPuzzles", "in the folder: data/puzzles.json, at least 200 puzzles (plateau puzzles mine)"},
		{"internal/puzzles", "TestThemesFiles", "in the folder: data/themes.json, the puzzles' themes"},
		{"internal/lab", "TestDataEveryGame", "in the folder: data/lab.json, self-play at levels 2, 5 and 8 of every option combination (plateau lab --merge)"},
		{"cmd/plateau", "TestShowEveryGame", "in the folder: the state draws itself in colour (game.Drawer)"},
		{"cmd/plateau", "TestEngineSession", "the game's name in cmd/plateau/testdata/engine_session.golden (go test ./cmd/plateau -update)"},
	}
}

// addAGamePackages are the packages whose tests read games.Registry(),
// but for web/browsertest (Chromium; its TestFifthGame plays a fifth
// game in the browser) and web/wasmgen (TestEngineFresh hashes the
// engine's sources without tags: a real game needs go generate ./web).
func addAGamePackages() []string {
	return []string{"games", "internal/engine", "internal/lab", "internal/lessons", "internal/puzzles",
		"internal/ratings", "internal/server", "web", "cmd/plateau"}
}

// TestAddAGame runs the tests of every package that reads the registry
// with tic-tac-toe added to it (-tags fifthgame) and checks that the
// tests that fail are exactly those of addAGameNeeds: what adding a game
// takes besides its folder and one line.
func TestAddAGame(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the registry's tests again with -tags fifthgame; runs without -short")
	}
	t.Parallel()
	const module = "github.com/plateau-games/plateau/"
	args := []string{"test", "-tags", "fifthgame", "-short", "-count=1", "-json"}
	for _, p := range addAGamePackages() {
		args = append(args, module+p)
	}
	out, err := exec.Command("go", args...).Output()
	var failed *exec.ExitError
	if err != nil && !errors.As(err, &failed) {
		t.Fatalf("go test: %v", err)
	}
	got := failedTests(t, out, module)
	var want []string
	for _, n := range addAGameNeeds() {
		want = append(want, n.pkg+" "+n.test)
	}
	slices.Sort(got)
	slices.Sort(want)
	for _, n := range addAGameNeeds() {
		if !slices.Contains(got, n.pkg+" "+n.test) {
			t.Errorf("%s %s passes with a fifth game: it no longer needs %s", n.pkg, n.test, n.what)
		}
	}
	for _, g := range got {
		if !slices.Contains(want, g) {
			t.Errorf("%s fails with a fifth game and is not in addAGameNeeds", g)
		}
	}
}

// failedTests reads go test -json and returns "package test" of each
// top-level test that failed; a package that failed without a failing
// test (it did not build) fails the test.
func failedTests(t *testing.T, out []byte, module string) []string {
	t.Helper()
	var failed []string
	pkgs := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var ev struct{ Action, Package, Test string }
		if json.Unmarshal(sc.Bytes(), &ev) != nil || ev.Action != "fail" {
			continue
		}
		pkg := strings.TrimPrefix(ev.Package, module)
		switch {
		case ev.Test == "":
			pkgs[pkg] = true
		case !strings.Contains(ev.Test, "/"):
			failed = append(failed, pkg+" "+ev.Test)
		}
	}
	for pkg := range pkgs {
		if !slices.ContainsFunc(failed, func(f string) bool { return strings.HasPrefix(f, pkg+" ") }) {
			t.Errorf("%s failed without a failing test (does it build with -tags fifthgame?)", pkg)
		}
	}
	return failed
}

// TestFailedTests checks the reading of go test -json that TestAddAGame
// relies on: top-level failures only, passes and subtests left out.
func TestFailedTests(t *testing.T) {
	t.Parallel()
	out := []byte(`{"Action":"fail","Package":"m/a","Test":"TestX"}
{"Action":"fail","Package":"m/a","Test":"TestX/sub"}
{"Action":"pass","Package":"m/a","Test":"TestY"}
{"Action":"fail","Package":"m/a"}
not json
{"Action":"fail","Package":"m/b","Test":"Example"}
`)
	got := failedTests(t, out, "m/")
	if want := []string{"a TestX", "b Example"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
