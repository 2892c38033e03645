package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/ai"
)

// TestTrain tunes Oxford's weights on a few weak games: the report names
// every feature, the held-out part is a fifth, the JSON holds the spec
// key's weights, and a second run with the same seed prints the same.
func TestTrain(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "oxford.json")
	args := []string{"train", "oxford", "--games", "6", "--level", "4", "--seed", "5", "--out", file}
	stdout, stderr, status := runCmd(t, "", args...)
	if status != 0 {
		t.Fatalf("got status %d, %q", status, stderr)
	}
	for _, want := range []string{"oxford: 6 games of level:4, seed 5", "scale K", "log-loss", "in play", "win now", "spec key: weights="} {
		if !strings.Contains(stdout, want) {
			t.Errorf("got %q, want it to contain %q", stdout, want)
		}
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var run trainRun
	if err := json.Unmarshal(b, &run); err != nil {
		t.Fatal(err)
	}
	if len(run.After) != 7 || len(run.Names) != 7 || strings.Count(run.Weights, "/") != 6 || run.Before[0] != 100 {
		t.Errorf("got weights %v %q named %v before %v, want 7 of each, the compiled-in before", run.After, run.Weights, run.Names, run.Before)
	}
	if n := run.Train + run.HeldOut; n == 0 || run.HeldOut != int(float64(n)*0.2+0.5) {
		t.Errorf("got %d train and %d held-out positions, want a fifth held out", run.Train, run.HeldOut)
	}
	again, _, _ := runCmd(t, "", args[:len(args)-2]...)
	if again != stdout {
		t.Errorf("second run: got %q, want %q", again, stdout)
	}
	if sp, err := ai.ParseSpec("ab:nodes=100,weights="+run.Weights, "oxford"); err != nil || sp.Weights != run.Weights {
		t.Errorf("the tuned weights as a spec key: got %q, %v; want %q", sp.Weights, err, run.Weights)
	}
}

func TestTrainBadInput(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"train"}, "usage"},
		{[]string{"train", "tictactoe"}, "has no features"},
		{[]string{"train", "nogame"}, "nogame"},
		{[]string{"train", "oxford", "--games", "0"}, "bad --games 0"},
		{[]string{"train", "oxford", "--held-out", "1"}, "bad --held-out 1"},
		{[]string{"train", "oxford", "--player", "ab:weights=x"}, `weights "x"`},
		{[]string{"train", "oxford", "--games", "4", "--level", "1", "--seed", "3"}, "does not predict the results"},
	} {
		_, stderr, status := runCmd(t, "", tc.args...)
		if status != exitBadInput || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: got status %d, %q; want %d and %q", tc.args, status, stderr, exitBadInput, tc.want)
		}
	}
}
