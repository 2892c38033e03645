package i18n_test

import (
	"bufio"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// goCatalogs are the source-keyed catalogs of the repository, by folder
// from the repository's root, and the Go folders whose texts they hold.
var goCatalogs = map[string][]string{
	"internal/i18n/server":    {"internal"},
	"ai/i18n":                 {"ai"},
	"games/oxford/i18n":       {"games/oxford"},
	"games/oshi/i18n":         {"games/oshi"},
	"games/yoxii/i18n":        {"games/yoxii"},
	"games/abraxas/i18n":      {"games/abraxas"},
	"internal/tictactoe/i18n": {"internal/tictactoe"},
}

const root = "../.."

func readJSON(t *testing.T, file string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, file))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return m
}

// identical reads the English texts a language says the same way.
func identical(t *testing.T, lang string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	f, err := os.Open(filepath.Join(root, "internal/i18n/identical", lang+".txt"))
	if os.IsNotExist(err) {
		return out
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for sc := bufio.NewScanner(f); sc.Scan(); {
		if line := sc.Text(); line != "" {
			out[line] = true
		}
	}
	return out
}

// words are what a text says beyond names, notation and verbs.
var words = regexp.MustCompile(`[A-Za-z]{3,}`)

var names = strings.NewReplacer("Plateau", "", "Oxford", "", "Oshi", "", "Yoxii", "", "Abraxas", "", "Elo", "")

// TestNoEnglishLeft fails on a Go text that another language says as
// English, unless internal/i18n/identical/<lang>.txt lists it (a word
// the language shares, such as "Expert").
func TestNoEnglishLeft(t *testing.T) {
	t.Parallel()
	for dir := range goCatalogs {
		tmpl := readJSON(t, dir+"/en.json")
		for _, lang := range game.Languages()[1:] {
			same := identical(t, lang)
			texts := readJSON(t, dir+"/"+lang+".json")
			for en := range tmpl {
				if texts[en] == en && !same[en] && words.MatchString(names.Replace(en)) {
					t.Errorf("%s/%s.json: %q is left in English", dir, lang, en)
				}
			}
		}
	}
}

// sayers are the calls whose first string argument (after a language
// for Say) is a catalog's key.
var sayers = map[string]int{"texts": 0, "i18n.T": 0, "i18n.Say": 1}

// TestEveryTextInItsTemplate fails on a text the code says that its
// catalog's template lacks: a language would say it in English.
func TestEveryTextInItsTemplate(t *testing.T) {
	t.Parallel()
	for dir, srcs := range goCatalogs {
		tmpl := readJSON(t, dir+"/en.json")
		for _, src := range srcs {
			lits := said(t, filepath.Join(root, src), dir)
			if len(lits) == 0 {
				t.Errorf("%s: no text said in %s: the scan has lost its calls", dir, src)
			}
			for _, lit := range lits {
				if _, ok := tmpl[lit.text]; !ok {
					t.Errorf("%s: %q is not in %s/en.json", lit.at, lit.text, dir)
				}
			}
		}
	}
}

type saidText struct{ at, text string }

// said lists the string literals passed to the sayers in the Go files
// under dir that belong to catalog (a package with its own catalog is
// left to that catalog: internal/tictactoe under internal).
func said(t *testing.T, dir, catalog string) []saidText {
	t.Helper()
	var out []saidText
	fset := token.NewFileSet()
	err := filepath.WalkDir(dir, func(file string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(file, ".go") || strings.HasSuffix(file, "_test.go") {
			return err
		}
		if owner := ownCatalog(file); owner != "" && !strings.HasPrefix(catalog, owner) {
			return nil
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := sayerArg(n); ok {
				out = append(out, saidText{fset.Position(lit.Pos()).String(), unquote(t, lit.Value)})
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// ownCatalog is the folder of a Go file that has a catalog of its own
// beside it, else "".
func ownCatalog(file string) string {
	rel, _ := filepath.Rel(root, filepath.Dir(file))
	if _, err := os.Stat(filepath.Join(filepath.Dir(file), "i18n", "en.json")); err == nil && rel != "internal/i18n" {
		return filepath.ToSlash(rel)
	}
	return ""
}

func sayerArg(n ast.Node) (*ast.BasicLit, bool) {
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return nil, false
	}
	name := ""
	switch fn := call.Fun.(type) {
	case *ast.Ident:
		name = fn.Name
	case *ast.SelectorExpr:
		if x, ok := fn.X.(*ast.Ident); ok {
			name = x.Name + "." + fn.Sel.Name
		}
	}
	i, ok := sayers[name]
	if !ok || len(call.Args) <= i {
		return nil, false
	}
	lit, ok := call.Args[i].(*ast.BasicLit)
	return lit, ok && lit.Kind == token.STRING
}

func unquote(t *testing.T, s string) string {
	t.Helper()
	u, err := strconv.Unquote(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
