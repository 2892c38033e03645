package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestTourneySeries creates a weekly arena series once: the same command
// again changes nothing, and absurd settings are refused as bad input.
func TestTourneySeries(t *testing.T) {
	db := filepath.Join(t.TempDir(), "t.db")
	args := []string{"--db", db, "--series", "weeklyoxford", "--game", "oxford", "--format", "arena", "--name", "Weekly Oxford arena",
		"--starts", "2099-01-02T20:00:00Z", "--round-time", "1h"}
	tests := []struct {
		args []string
		code int
		out  string
	}{
		{args, exitOK, "created"},
		{args, exitOK, "nothing changed"},
		{append(args[:len(args):len(args)], "--round-time", "0s"), exitBadInput, ""},
		{append(args[:len(args):len(args)], "--starts", "2001-01-01T00:00:00Z"), exitBadInput, ""},
		{append(args[:len(args):len(args)], "--series", "bad id!"), exitBadInput, ""},
	}
	for i, tt := range tests {
		var out, errw bytes.Buffer
		e := &env{reg: registry(), stdout: &out, stderr: &errw, getenv: func(string) string { return "" }}
		if got := run(e, append([]string{"tourney"}, tt.args...)); got != tt.code || !strings.Contains(out.String(), tt.out) {
			t.Errorf("run %d: got %d %q %q, want %d and %q", i, got, out.String(), errw.String(), tt.code, tt.out)
		}
	}
}
