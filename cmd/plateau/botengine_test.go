package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/api"
)

// TestBotEngineBadAnswers: an engine that answers garbage, nothing, or
// dies is an errEngine within the wait, never a hang; the built-in
// engine answers a legal move.
func TestBotEngineBadAnswers(t *testing.T) {
	reg := registry()
	script := filepath.Join(t.TempDir(), "refuse.sh")
	if err := os.WriteFile(script, []byte("while read l; do echo err no; done\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, cmd string }{
		{"silent", "sleep 30"},
		{"garbage", "yes garbage"},
		{"dies", "true"},
		{"refuses", "sh " + script},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := startEngine(reg, tc.cmd)
			if err != nil {
				t.Fatal(err)
			}
			defer e.stop()
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			_, err = e.ask(ctx, "newgame yoxii", 200*time.Millisecond)
			if !errors.Is(err, errEngine) {
				t.Errorf("got %v, want an engine error", err)
			}
		})
	}
	e, err := startEngine(reg, "")
	if err != nil {
		t.Fatal(err)
	}
	defer e.stop()
	m, err := e.bestMove(context.Background(), "yoxii", "", nil, "movetime 20", 20*time.Millisecond)
	if err != nil || m == "" {
		t.Errorf("built-in engine: got %q %v, want a move", m, err)
	}
}

// TestBotPolicy: which challenges the bridge takes.
func TestBotPolicy(t *testing.T) {
	p := botPolicy{games: []string{"yoxii"}, controls: "1+0,3+2", rated: "rated", maxGames: 2}
	for _, tc := range []struct {
		name string
		k    api.Seek
		busy int
		want bool
	}{
		{"fits", api.Seek{Game: "yoxii", TimeControl: "1+0", Rated: true}, 0, true},
		{"busy", api.Seek{Game: "yoxii", TimeControl: "1+0", Rated: true}, 2, false},
		{"other game", api.Seek{Game: "oxford:variant=beginner", TimeControl: "1+0", Rated: true}, 0, false},
		{"casual", api.Seek{Game: "yoxii", TimeControl: "1+0"}, 0, false},
		{"other control", api.Seek{Game: "yoxii", TimeControl: "5+0", Rated: true}, 0, false},
		{"untimed", api.Seek{Game: "yoxii", Rated: true}, 0, false},
	} {
		if got, why := p.accepts(tc.k, tc.busy); got != tc.want {
			t.Errorf("%s: got %v (%s), want %v", tc.name, got, why, tc.want)
		}
	}
	corr := botPolicy{controls: "correspondence", rated: "any", maxGames: 1}
	if ok, _ := corr.accepts(api.Seek{Game: "oshi", TimeControl: "3d/14", Kind: "correspondence"}, 0); !ok {
		t.Error("correspondence policy: got a refusal of a correspondence challenge")
	}
}

// TestBotFlags: the bridge refuses to start without a key or with a
// policy it cannot read, saying why.
func TestBotFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"bot"}, "--api-key"},
		{[]string{"bot", "--api-key", "k", "--rated", "sometimes"}, "want any, rated or casual"},
	} {
		_, errOut, st := runCmd(t, "", tc.args...)
		if st != exitBadInput || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: got status %d %q, want 2 and %q", tc.args, st, errOut, tc.want)
		}
	}
}
