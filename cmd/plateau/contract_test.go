package main

import (
	"strings"
	"testing"
)

// TestSpecPerft checks the spec's known values through the command line,
// exactly as an outside test would.
func TestSpecPerft(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		id, depth, want string
	}{
		{"yoxii", "2", "perft 1 256\nperft 2 51136\n"},
		{"oshi", "3", "perft 1 34\nperft 2 1156\nperft 3 42024\n"},
		{"oxford", "3", "perft 1 24\nperft 2 570\nperft 3 15440\n"},
		{"oxford:variant=beginner", "3", "perft 1 24\nperft 2 570\nperft 3 15420\n"},
		{"abraxas", "2", "perft 1 4\nperft 2 768\n"},
		{"abraxas:push=free", "2", "perft 1 4\nperft 2 1280\n"},
	} {
		t.Run(tc.id, func(t *testing.T) {
			t.Parallel()
			out, errOut, st := runCmd(t, "", "perft", tc.id, tc.depth)
			if out != tc.want || st != 0 {
				t.Errorf("got %q (status %d, %q), want %q", out, st, errOut, tc.want)
			}
		})
	}
}

func TestMovesSortedForEveryGame(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		id    string
		count int
		first string
	}{
		{"yoxii", 256, "c3,1@b2"},
		{"oshi", 34, "a1a2"},
		{"oxford", 24, "a2a5"},
		{"abraxas", 4, "@bl"},
	} {
		t.Run(tc.id, func(t *testing.T) {
			t.Parallel()
			out, _, st := runCmd(t, "", "moves", tc.id)
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if st != 0 || len(lines) != tc.count || lines[0] != tc.first {
				t.Fatalf("got %d moves starting %q (status %d), want %d starting %q", len(lines), lines[0], st, tc.count, tc.first)
			}
			for i := 1; i < len(lines); i++ {
				if lines[i-1] >= lines[i] {
					t.Errorf("moves not in byte order: %q before %q", lines[i-1], lines[i])
				}
			}
		})
	}
}

func TestBadPositionsForEveryGame(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ id, pos string }{
		{"yoxii", "3/5/7/3T3/7/5/3 r"},
		{"yoxii", "3/5/7/3T3/7/5 w"},
		{"oshi", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 1-0 -"},
		{"oshi", "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T x 0-0 -"},
		{"oxford", "oxoxox/xoxoxo/6/6/6/6/OXOXOX/XOXOXO"},
		{"oxford:variant=beginner", "oxoxox/xoxoxo/6/6/6/6/OXOXOX/XOXOXO r"},
		{"abraxas", "9/9/9/9/9/9/9/9/9 1 - 2 corner 0-0 3-3"},
		{"abraxas:board=2", "9/9/9/9/9/9/9/9/9 1 - 2 corner 0-0 3-3 -"},
	} {
		t.Run(tc.id+" "+tc.pos, func(t *testing.T) {
			t.Parallel()
			out, errOut, st := runCmd(t, "", "moves", tc.id, tc.pos)
			if st != exitBadInput || out != "" || strings.Count(errOut, "\n") != 1 {
				t.Errorf("got status %d, stdout %q, stderr %q; want status 2 and one error line", st, out, errOut)
			}
		})
	}
}

func TestShowEveryGame(t *testing.T) {
	t.Parallel()
	for _, id := range registry().Names() {
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			plain, _, st := runCmd(t, "", "show", id)
			colour, _, _ := runCmd(t, "", "show", "--color=always", id)
			if st != 0 || !strings.Contains(plain, "position: ") || strings.Contains(plain, "\x1b[") {
				t.Errorf("plain show: status %d, got %q", st, plain)
			}
			if !strings.Contains(colour, "\x1b[") {
				t.Errorf("--color=always shows no colour: %q", colour)
			}
		})
	}
}
