package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRecordCommands converts a JSON lines record to a readable one and
// back, and checks a bad one's error.
func TestRecordCommands(t *testing.T) {
	dir := t.TempDir()
	jsonl := filepath.Join(dir, "games.ndjson")
	line := `{"id":"7","game":"oshi","start":"t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 0-0 -","moves":["e3e4","e7e6"],"result":"ongoing","first":"Ada","second":"level:5"}` + "\n"
	if err := os.WriteFile(jsonl, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	text, errs, st := runCmd(t, "", "record", "to-text", jsonl, "7")
	if st != exitOK || !strings.Contains(text, `[Game "oshi"]`) || !strings.Contains(text, "1. e3e4 e7e6 *") {
		t.Fatalf("to-text: got %d %q %q", st, text, errs)
	}
	back, errs, st := runCmd(t, text, "record", "from-text", "-")
	if st != exitOK || back != line {
		t.Errorf("from-text: got %d %q (%s), want %q", st, back, errs, line)
	}
	pos, _, st := runCmd(t, text, "record", "check", "-")
	if st != exitOK || !strings.HasPrefix(pos, "t7t/2dsssd2/9/4s4/") {
		t.Errorf("check: got %d %q", st, pos)
	}
	bad := strings.Replace(text, "e7e6", "e7e1", 1)
	_, errs, st = runCmd(t, bad, "record", "check", "-")
	if st != exitBadInput || !strings.Contains(errs, "move 2 (e7e1)") {
		t.Errorf("check of a bad move: got %d %q, want %d naming move 2", st, errs, exitBadInput)
	}
	_, errs, st = runCmd(t, "", "record", "sideways")
	if st != exitBadInput || !strings.Contains(errs, "usage") {
		t.Errorf("bad usage: got %d %q", st, errs)
	}
}
