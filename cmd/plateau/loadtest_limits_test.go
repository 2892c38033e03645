package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestLoadtestAgainstDefaultLimits: against "plateau serve" with its
// default per-client limits, a load test from one address fails at
// setup with an error naming the flag that lets it through; with that
// flag, it runs without a failure or a refused move (audit 2026-11-27,
// point 5).
func TestLoadtestAgainstDefaultLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the real binary; runs without -short")
	}
	t.Parallel()
	dir := t.TempDir()
	limited := startServe(t, "--db", filepath.Join(dir, "a.db"), "--limits", defaultLimits)
	_, errOut, st := runCmd(t, "", "loadtest", "--url", limited.url, "--games", "40", "--moves", "40", "--duration", "1m")
	if st == 0 || !strings.Contains(errOut, "--limits-exempt") {
		t.Errorf("default limits: got status %d %q, want a failure naming --limits-exempt", st, errOut)
	}
	exempt := startServe(t, "--db", filepath.Join(dir, "b.db"), "--limits", defaultLimits, "--limits-exempt", "127.0.0.1")
	out, errOut, st := runCmd(t, "", "loadtest", "--url", exempt.url, "--games", "40", "--moves", "200", "--duration", "1m")
	want := regexp.MustCompile(`(?m)^accepted moves: ([1-9]\d+) \(\d+/s\); rejected: 0; games finished: \d+; failures: 0$`)
	if st != 0 || !want.MatchString(out) {
		t.Errorf("--limits-exempt: got status %d %q %q, want a line matching %s", st, out, errOut, want)
	}
}
