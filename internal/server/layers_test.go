package server_test

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// maxArrowsUp bounds the arrows that run back up between the edge's
// files (issue 24: "fewer than 20"). The code review of 2026-11-27 found
// 69, when the rooms, the AI queue and the lobby's loop lived here and
// every file could reach every other through the Server.
const maxArrowsUp = 19

// TestEdgeLayers draws internal/server as its files and the arrows
// between them (file A uses a name that file B declares: a function, a
// method, a type, a field, a variable), orders the files so that as
// many arrows as possible point down (Eades, Lin and Smyth's greedy
// heuristic for the fewest arrows against the order), and counts the
// arrows that still run back up. Many such arrows mean a web of files
// that call each other, not an edge of thin handlers over services.
func TestEdgeLayers(t *testing.T) {
	t.Parallel()
	arrows, files, named := edgeArrowsNamed(t)
	order := eadesOrder(files, arrows)
	rank := map[string]int{}
	for i, f := range order {
		rank[f] = i
	}
	var up []string
	for a, tos := range arrows {
		for b := range tos {
			if rank[b] < rank[a] {
				up = append(up, fmt.Sprintf("%s -> %s %v", a, b, named[a+" -> "+b]))
			}
		}
	}
	slices.Sort(up)
	n := 0
	for _, tos := range arrows {
		n += len(tos)
	}
	t.Logf("%d files, %d arrows, %d back up: %s", len(files), n, len(up), strings.Join(up, ", "))
	if n == 0 {
		t.Fatal("no arrow between the edge's files: the drawing read nothing")
	}
	if len(up) > maxArrowsUp {
		t.Errorf("got %d arrows running back up between internal/server's files, want at most %d: %s",
			len(up), maxArrowsUp, strings.Join(up, ", "))
	}
}

// edgeArrowsNamed type-checks this package's non-test files and returns,
// for each file, the files whose package-level names it uses, and the
// names each arrow stands for.
func edgeArrowsNamed(t *testing.T) (map[string]map[string]bool, []string, map[string][]string) {
	t.Helper()
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var parsed []*ast.File
	var files []string
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		if !buildsHere(f) {
			continue
		}
		parsed, files = append(parsed, f), append(files, name)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "gc", exportLookup(t))}
	pkg, err := conf.Check("github.com/plateau-games/plateau/internal/server", fset, parsed, info)
	if err != nil {
		t.Fatal(err)
	}
	arrows := map[string]map[string]bool{}
	named := map[string][]string{}
	add := func(at token.Pos, obj types.Object) {
		if obj == nil || obj.Pkg() != pkg || !obj.Pos().IsValid() {
			return
		}
		if v, ok := obj.(*types.Var); ok && !v.IsField() && obj.Parent() != pkg.Scope() {
			return // a local variable or a parameter
		}
		from, to := fset.Position(at).Filename, fset.Position(obj.Pos()).Filename
		if from == to {
			return
		}
		if arrows[from] == nil {
			arrows[from] = map[string]bool{}
		}
		arrows[from][to] = true
		if k := from + " -> " + to; !slices.Contains(named[k], obj.Name()) {
			named[k] = append(named[k], obj.Name())
		}
	}
	for id, obj := range info.Uses {
		add(id.Pos(), obj)
	}
	for sel, s := range info.Selections {
		add(sel.Sel.Pos(), s.Obj())
	}
	return arrows, files, named
}

// buildsHere reports whether a file's build constraint leaves it in
// this build: the files kept out of the WebAssembly engine are in.
func buildsHere(f *ast.File) bool {
	for _, c := range f.Comments {
		for _, l := range c.List {
			if strings.HasPrefix(l.Text, "//go:build") && strings.Contains(l.Text, "js") && !strings.Contains(l.Text, "!js") {
				return false
			}
		}
	}
	return true
}

// exportLookup finds each imported package's compiled export data
// through the go command (the build cache), so that the check needs no
// source of the dependencies.
func exportLookup(t *testing.T) importer.Lookup {
	t.Helper()
	out, err := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}} {{.Export}}", ".").Output()
	if err != nil {
		t.Fatalf("go list -export: %v", err)
	}
	exports := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if path, file, ok := strings.Cut(sc.Text(), " "); ok && file != "" {
			exports[path] = file
		}
	}
	return func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file)
	}
}

// eadesOrder orders the files so that few arrows point back: sinks go
// last, sources first, and otherwise the file with the most arrows out
// over arrows in goes first (Eades, Lin and Smyth 1993). Ties are broken
// by name, so the count is the same at every run.
func eadesOrder(files []string, arrows map[string]map[string]bool) []string {
	left := map[string]bool{}
	for _, f := range files {
		left[f] = true
	}
	degree := func(f string) (out, in int) {
		for b := range arrows[f] {
			if left[b] {
				out++
			}
		}
		for a, tos := range arrows {
			if left[a] && tos[f] {
				in++
			}
		}
		return out, in
	}
	var head, tail []string
	for len(left) > 0 {
		remaining := slices.Sorted(func(yield func(string) bool) {
			for f := range left {
				if !yield(f) {
					return
				}
			}
		})
		best, bestScore, removed := "", 0, false
		for _, f := range remaining {
			out, in := degree(f)
			switch {
			case out == 0:
				tail = append([]string{f}, tail...)
				delete(left, f)
				removed = true
			case in == 0:
				head = append(head, f)
				delete(left, f)
				removed = true
			case best == "" || out-in > bestScore:
				best, bestScore = f, out-in
			}
		}
		if !removed {
			head = append(head, best)
			delete(left, best)
		}
	}
	return append(head, tail...)
}
