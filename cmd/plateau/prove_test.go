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
	var parts []string // O's six replies after a1 b1 b2, then joined
	for _, reply := range []string{"a2", "a3", "b3", "c1", "c2", "c3"} {
		part := filepath.Join(t.TempDir(), reply+".cert.gz")
		if out, errOut, st = runCmd(t, "", "prove", "--moves", "a1 b1 b2 "+reply, "--winner", "1", "--out", part, "tictactoe"); st != 0 {
			t.Fatalf("got %q (status %d, stderr %q), want X's win after %s proved", out, st, errOut, reply)
		}
		parts = append(parts, part)
	}
	joined := filepath.Join(t.TempDir(), "joined.cert.gz")
	out, errOut, st = runCmd(t, "", "prove", "--join", strings.Join(parts, ","), "--moves", "a1 b1 b2", "--out", joined, "tictactoe")
	if st != 0 || !strings.Contains(out, "verified: player 1 wins tictactoe after 3 plies") {
		t.Fatalf("got %q (status %d, stderr %q), want the six joined and verified", out, st, errOut)
	}
	if out, _, st = runCmd(t, "", "prove", "--join", strings.Join(parts[:5], ","), "--moves", "a1 b1 b2", "--out", joined, "tictactoe"); st == 0 {
		t.Errorf("got %q with status 0 without the reply c3 (the only one that blocks), want an error", out)
	}
	if _, _, st = runCmd(t, "", "prove", "--check", file+".missing"); st == 0 {
		t.Errorf("got status 0 for a missing file, want an error")
	}
}
