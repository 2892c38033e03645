package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/net"
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
		// Four games of the old level 1 (its spec pinned: the ladder's
		// levels change as they are measured again) that no weights fit.
		{[]string{"train", "oxford", "--games", "4", "--player", "mcts:iters=10,noise=0.5,cutoff=8", "--seed", "3"}, "does not predict the results"},
	} {
		_, stderr, status := runCmd(t, "", tc.args...)
		if status != exitBadInput || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: got status %d, %q; want %d and %q", tc.args, status, stderr, exitBadInput, tc.want)
		}
	}
}

// TestTrainNet trains a network next to the weights: the report prints
// its losses beside theirs, the file loads with the run's scale K and
// one input a feature, a second run writes the same file, and the
// spec key net= plays a match with it.
func TestTrainNet(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file, report := filepath.Join(dir, "oxford.net.json"), filepath.Join(dir, "run.json")
	args := []string{"train", "oxford", "--games", "6", "--level", "4", "--seed", "5", "--net", file, "--net-hidden", "8,4", "--out", report}
	stdout, stderr, status := runCmd(t, "", args...)
	if status != 0 {
		t.Fatalf("got status %d, %q", status, stderr)
	}
	for _, want := range []string{"spec key: weights=", "network 7-8-4-1: ", "untrained -> trained", "held out: network 0."} {
		if !strings.Contains(stdout, want) {
			t.Errorf("got %q, want it to contain %q", stdout, want)
		}
	}
	var run trainRun
	if b, err := os.ReadFile(report); err != nil || json.Unmarshal(b, &run) != nil || run.Net == nil {
		t.Fatalf("got report %+v, %v; want one with the network", run, err)
	}
	m, err := net.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if m.K != run.K || m.Inputs() != 7 || run.Net.Shape != "7-8-4-1" || !(run.Net.HeldOutAfter > 0) {
		t.Errorf("got K %v, %d inputs, shape %q, held-out loss %v; want K %v, 7 inputs, 7-8-4-1, a loss",
			m.K, m.Inputs(), run.Net.Shape, run.Net.HeldOutAfter, run.K)
	}
	first, _ := os.ReadFile(file)
	if _, stderr, status := runCmd(t, "", args[:len(args)-2]...); status != 0 {
		t.Fatalf("second run: got status %d, %q", status, stderr)
	}
	if again, _ := os.ReadFile(file); string(again) != string(first) {
		t.Error("second run: got another network from the same flags")
	}
	out, stderr, status := runCmd(t, "", "match", "oxford", "ab:nodes=300,net="+file, "ab:nodes=300", "--games", "2")
	if status != 0 || !strings.Contains(out, "Elo") {
		t.Errorf("match with the network: got status %d, %q, %q; want a result", status, out, stderr)
	}
}

// TestTrainNetBadInput: a bad --net-hidden, an unwritable --net, and a
// network whose inputs do not fit the game's features.
func TestTrainNetBadInput(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"train", "oxford", "--net", "x.json", "--net-hidden", "16,x"}, `bad --net-hidden "16,x"`},
		{[]string{"train", "oxford", "--net", "x.json", "--net-hidden", "0"}, `bad --net-hidden "0"`},
		{[]string{"train", "oxford", "--games", "2", "--player", "mcts:iters=30,noise=0.2,cutoff=8", "--net", filepath.Join(t.TempDir(), "no", "x.json")}, "no such file"},
		{[]string{"match", "oxford", "ab:nodes=100,net=../../ai/net/testdata/tiny.json", "ab:nodes=100", "--games", "2"}, "the value takes 2 features, the game has 7"},
		{[]string{"match", "oxford", "ab:nodes=100,net=absent.json", "ab:nodes=100", "--games", "2"}, `net "absent.json"`},
	} {
		_, stderr, status := runCmd(t, "", tc.args...)
		if status == 0 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: got status %d, %q; want a failure with %q", tc.args, status, stderr, tc.want)
		}
	}
}

// BenchmarkLeafValue measures alpha-beta's nodes per second on Oxford
// with its compiled-in evaluation, with the tuned weights of
// docs/strength.md, and with the value networks trained there
// (testdata/oxford.net.json, 7-16-16-1 on 400 games, and
// oxford-8.net.json, 7-8-1 on 2000), from the position of BenchmarkSearch:
// the cost of each way of scoring a leaf.
func BenchmarkLeafValue(b *testing.B) {
	g, _, err := registry().Lookup("oxford")
	if err != nil {
		b.Fatal(err)
	}
	for _, text := range []string{"ab:nodes=20000", "ab:nodes=20000,weights=71.7/176.6/-48.3/-66.3/3/1113.8/24.9",
		"ab:nodes=20000,net=testdata/oxford.net.json", "ab:nodes=20000,net=testdata/oxford-8.net.json"} {
		b.Run(text, func(b *testing.B) { benchNodes(b, g, text) })
	}
}
