// Command wasmgen builds the engine for the browser: cmd/plateau-wasm
// compiled with GOOS=js GOARCH=wasm into web/static/engine/plateau.wasm,
// beside the wasm_exec.js of the same Go release. It also writes
// web/engine.inputs: a hash of the Go sources the build read, which
// TestEngineFresh compares with the sources of the day (a change to the
// rules or the searches without a new build fails the tests), and the Go
// release that built it, with which CI rebuilds it and compares bytes.
//
// Run it with `go generate ./web`. The output is committed, so that
// `go run ./cmd/plateau serve` needs nothing but Go and a deployed
// binary carries the engine (web/README.md says why).
package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// The paths, relative to the module's root.
const (
	mainPkg  = "./cmd/plateau-wasm"
	outWasm  = "web/static/engine/plateau.wasm"
	outExec  = "web/static/engine/wasm_exec.js"
	outStamp = "web/engine.inputs"
	selfFile = "web/wasmgen/main.go"
)

// buildFlags make the output the same for the same sources and Go
// release: no paths of the building machine, no VCS stamp, no symbols.
var buildFlags = []string{"-trimpath", "-buildvcs=false", "-ldflags=-s -w"}

func main() {
	if err := generate(); err != nil {
		fmt.Fprintln(os.Stderr, "wasmgen:", err)
		os.Exit(1)
	}
}

func generate() error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	args := append([]string{"build"}, buildFlags...)
	args = append(args, "-o", filepath.Join(root, outWasm), mainPkg)
	cmd := exec.Command("go", args...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = root, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build: %w", err)
	}
	// Not a program to run: a file the server sends.
	if err := os.Chmod(filepath.Join(root, outWasm), 0o644); err != nil {
		return err
	}
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %w", err)
	}
	goroot := strings.TrimSpace(string(out))
	if err := copyFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"), filepath.Join(root, outExec)); err != nil {
		return err
	}
	sum, err := inputsHash(root)
	if err != nil {
		return err
	}
	ver, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return fmt.Errorf("go env GOVERSION: %w", err)
	}
	// The release, for CI: the same one rebuilds the same bytes.
	stamp := sum + "\nbuilt by " + strings.TrimSpace(string(ver)) + "\n"
	return os.WriteFile(filepath.Join(root, outStamp), []byte(stamp), 0o644)
}

// moduleRoot is the directory of the go.mod of the working directory.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("not inside the plateau module")
	}
	return filepath.Dir(gomod), nil
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return fmt.Errorf("wasm_exec.js (Go 1.24+ keeps it in lib/wasm): %w", err)
	}
	return os.WriteFile(to, b, 0o644)
}

// inputsHash hashes, by path and content, every Go file of the module
// that the js/wasm build of the engine compiles, and this generator.
func inputsHash(root string) (string, error) {
	cmd := exec.Command("go", "list", "-deps", "-f",
		`{{if not .Standard}}{{range .GoFiles}}{{$.Dir}}/{{.}}{{"\n"}}{{end}}{{range .EmbedFiles}}{{$.Dir}}/{{.}}{{"\n"}}{{end}}{{end}}`, mainPkg)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list: %w: %s", err, stderr.String())
	}
	files := []string{filepath.Join(root, selfFile)}
	for _, f := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if f != "" {
			files = append(files, f)
		}
	}
	sort.Strings(files)
	h := sha256.New()
	for _, f := range files {
		rel, err := filepath.Rel(root, f)
		if err != nil {
			return "", err
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s\n%d\n", filepath.ToSlash(rel), len(b))
		h.Write(b)
	}
	return fmt.Sprintf("sha256 %x", h.Sum(nil)), nil
}
