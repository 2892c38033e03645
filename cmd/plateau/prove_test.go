package main

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestProveCommand(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "ttt.cert")
	out, errOut, st := runCmd(t, "", "prove", "--moves", "a1 b1", "--out", file, "tictactoe")
	if st != 0 || !strings.Contains(out, "player 1 wins: true") || !strings.Contains(out, "verified: player 1 wins tictactoe after 2 plies") {
		t.Fatalf("got %q (status %d, stderr %q), want a proof written and verified", out, st, errOut)
	}
	out, errOut, st = runCmd(t, "", "prove", "--check", "../../ai/solver/cert/testdata/abraxas-board1-ply27.cert.gz")
	if st != 0 || !strings.HasPrefix(out, "verified: player 1 wins abraxas after 27 plies") {
		t.Fatalf("got %q (status %d, stderr %q), want the committed certificate verified", out, st, errOut)
	}
	if _, _, st = runCmd(t, "", "prove", "--check", file+".missing"); st == 0 {
		t.Errorf("got status 0 for a missing file, want an error")
	}
}
