package main

import (
	"os"
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
	gz := file + ".gz" // written gzipped, as --check reads it
	out, errOut, st = runCmd(t, "", "prove", "--moves", "a1 b1", "--compact", "--out", gz, "tictactoe")
	if st != 0 || !strings.Contains(out, "verified: player 1 wins tictactoe after 2 plies") {
		t.Fatalf("got %q (status %d, stderr %q), want a gzipped proof written and verified", out, st, errOut)
	}
	if data, err := os.ReadFile(gz); err != nil || len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		t.Errorf("got %q (%v) in %s, want gzip's magic number first", data[:min(len(data), 2)], err, gz)
	}
	if _, _, st = runCmd(t, "", "prove", "--check", file+".missing"); st == 0 {
		t.Errorf("got status 0 for a missing file, want an error")
	}
}
