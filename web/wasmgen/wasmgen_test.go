package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEngineFresh checks that the committed WebAssembly engine was built
// from the sources of the day: the hash of its inputs, written by the
// last `go generate ./web`, must match theirs now.
func TestEngineFresh(t *testing.T) {
	t.Parallel()
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	want, err := inputsHash(root)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, outStamp))
	if err != nil {
		t.Fatalf("%v: run go generate ./web", err)
	}
	got, _, _ := strings.Cut(string(b), "\n")
	if got != want {
		t.Errorf("got inputs %q, want %q: the engine's sources changed since its build; run go generate ./web", got, want)
	}
	if _, err := os.Stat(filepath.Join(root, outWasm)); err != nil {
		t.Errorf("%v: run go generate ./web", err)
	}
}
