package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/engine"
)

// startLeaves is how many leaves the deepest perft of a start position
// may reach: deep enough to cover many plies, quick under WebAssembly.
const startLeaves = 300_000

// randomPositions is how many positions per game the issue asks for.
const randomPositions = 100

// TestWasmAgreesWithNative runs the committed WebAssembly engine under
// Node and compares its answers, byte for byte, with the native engine's
// on the same commands: perft of every start position of every game
// (every option combination), and moves and perft 2 of 100 positions
// per game reached by random playouts.
func TestWasmAgreesWithNative(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the WebAssembly engine under Node; runs without -short")
	}
	t.Parallel()
	node := requireNode(t)
	reg := games.Registry()
	script := engineScript(t, reg)
	want := native(reg, script)
	if got, n := strings.Count("\n"+want, "\nok\n"), strings.Count(script, "\n"); got != n {
		t.Fatalf("native engine: got %d answers ending in ok, want %d, one per command", got, n)
	}
	got := runWasm(t, node, script, false)
	if got == want {
		return
	}
	gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(gl), len(wl)) {
		if gl[i] != wl[i] {
			t.Fatalf("answer line %d: got %q, want %q", i+1, gl[i], wl[i])
		}
	}
	t.Fatalf("got %d answer lines, want %d", len(gl), len(wl))
}

// requireNode returns the path of node, or skips; under CI it fails.
func requireNode(t *testing.T) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("node not found: CI must run the WebAssembly engine (%v)", err)
		}
		t.Skipf("node not found: %v", err)
	}
	return node
}

// engineScript is the commands of the comparison, one a line.
func engineScript(t *testing.T, reg *game.Registry) string {
	t.Helper()
	var b strings.Builder
	rng := rand.New(rand.NewPCG(16, 1))
	for _, g := range reg.Games() {
		for _, id := range g.IDs() {
			s, err := reg.New(id, "")
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "newgame %s\nvalidmoves\nperft %d\n", id, perftDepth(s))
		}
		for range randomPositions {
			s, err := reg.New(g.Name, "")
			if err != nil {
				t.Fatal(err)
			}
			for n := rng.IntN(60); n > 0 && s.Result() == game.Ongoing; n-- {
				moves := s.Moves(nil)
				s.Play(moves[rng.IntN(len(moves))])
			}
			fmt.Fprintf(&b, "newgame %s %s\nvalidmoves\nresult\nperft 2\n", g.Name, s)
		}
	}
	return b.String()
}

// perftDepth is the deepest perft of s within startLeaves leaves.
func perftDepth(s game.State) int {
	d := 1
	for d < 8 && game.Perft(s, d+1) <= startLeaves {
		d++
	}
	return d
}

// native answers the script with the native engine.
func native(reg *game.Registry, script string) string {
	var out bytes.Buffer
	engine.New(reg, "test").Serve(strings.NewReader(script), &out)
	return out.String()
}

// runWasm answers the script with the committed WebAssembly engine.
func runWasm(t *testing.T, node, script string, timed bool) string {
	t.Helper()
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, filepath.Join("testdata", "node.js"), filepath.Join(root, outExec), filepath.Join(root, outWasm))
	cmd.Stdin = strings.NewReader(script)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if timed {
		cmd.Env = append(os.Environ(), "PLATEAU_TIME=1")
	}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v: %s", err, stderr.String())
	}
	if timed {
		return string(out) + "\x00" + stderr.String()
	}
	return string(out)
}
