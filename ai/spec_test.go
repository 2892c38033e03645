package ai_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/ai"
)

func TestParseSpec(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want ai.Spec
		text string
	}{
		{"random", ai.Spec{Algo: "random"}, "random"},
		{"mcts:time=100ms", ai.Spec{Algo: "mcts", Limits: ai.Limits{Time: 100 * time.Millisecond}}, "mcts:time=100ms"},
		{"MCTS:iters=5000,cutoff=8", ai.Spec{Algo: "mcts", Limits: ai.Limits{Nodes: 5000}, Cutoff: 8}, "mcts:iters=5000,cutoff=8"},
		{"ab:depth=6,time=50ms", ai.Spec{Algo: "ab", Limits: ai.Limits{Depth: 6, Time: 50 * time.Millisecond}}, "ab:time=50ms,depth=6"},
		{"mcts:iters=100,order=1,widen=2,rave=300", ai.Spec{Algo: "mcts", Limits: ai.Limits{Nodes: 100}, Order: true, Widen: 2, Rave: 300}, "mcts:iters=100,order=1,widen=2,rave=300"},
		{"mcts:time=100ms,policy=1,c=0.2", ai.Spec{Algo: "mcts", Limits: ai.Limits{Time: 100 * time.Millisecond}, Policy: true, Explore: 0.2}, "mcts:time=100ms,c=0.2,policy=1"},
		{"ab:nodes=1000,noise=0.25,seed=3", ai.Spec{Algo: "ab", Limits: ai.Limits{Nodes: 1000}, Noise: 0.25, Seed: 3}, "ab:nodes=1000,noise=0.25,seed=3"},
		{"ab:multipv=3,nodes=500", ai.Spec{Algo: "ab", Limits: ai.Limits{Nodes: 500}, MultiPV: 3}, "ab:nodes=500,multipv=3"},
		{"mcts:iters=50,multipv=2", ai.Spec{Algo: "mcts", Limits: ai.Limits{Nodes: 50}, MultiPV: 2}, "mcts:iters=50,multipv=2"},
		{"ab:time=1s,threads=2", ai.Spec{Algo: "ab", Limits: ai.Limits{Time: time.Second}, Threads: 2}, "ab:time=1s,threads=2"},
		{"mcts:solvetime=50ms,time=200ms", ai.Spec{Algo: "mcts", Limits: ai.Limits{Time: 200 * time.Millisecond}, SolveTime: 50 * time.Millisecond}, "mcts:time=200ms,solvetime=50ms"},
		{"ab:solve=100,solvetime=1s", ai.Spec{Algo: "ab", Solve: 100, SolveTime: time.Second}, "ab:solve=100,solvetime=1s"},
		{"mcts:iters=50,threads=3", ai.Spec{Algo: "mcts", Limits: ai.Limits{Nodes: 50}, Threads: 3}, "mcts:iters=50,threads=3"},
		{"ab:nodes=100,net=net/testdata/tiny.json", ai.Spec{Algo: "ab", Limits: ai.Limits{Nodes: 100}, Net: "net/testdata/tiny.json"}, "ab:nodes=100,net=net/testdata/tiny.json"},
		{"ab:nodes=20000,weights=100/50.0/ 2.5e2/-4", ai.Spec{Algo: "ab", Limits: ai.Limits{Nodes: 20000}, Weights: "100/50/250/-4"}, "ab:nodes=20000,weights=100/50/250/-4"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ai.ParseSpec(tc.in, "tictactoe")
			if err != nil || got != tc.want {
				t.Fatalf("got %+v, %v, want %+v", got, err, tc.want)
			}
			if got.String() != tc.text {
				t.Errorf("got text %q, want %q", got.String(), tc.text)
			}
			back, err := ai.ParseSpec(got.String(), "tictactoe")
			if err != nil || back != got {
				t.Errorf("round trip: got %+v, %v, want %+v", back, err, got)
			}
		})
	}
}

func TestParseSpecErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"", `unknown algorithm ""`},
		{"alpha", `unknown algorithm "alpha"`},
		{"mcts:time=0s", `time "0s": want a positive duration`},
		{"mcts:time=fast", `time "fast"`},
		{"ab:solvetime=0", `solvetime "0": want a positive duration`},
		{"random:solvetime=1s", `option "solvetime=1s" (random takes`},
		{"mcts:iters=-3", `iters "-3": want a whole number from 1`},
		{"ab:depth=0", `depth "0"`},
		{"ab:cutoff=3", `option "cutoff=3" (ab takes`},
		{"mcts:noise=1.5", `noise "1.5"`},
		{"mcts:c=-1", `c "-1"`},
		{"mcts:iters", `option "iters"`},
		{"ab:weights=100/x", `weights "100/x": want numbers separated by slashes`},
		{"ab:weights=", `weights "": want numbers`},
		{"ab:weights=1//2", `weights "1//2"`},
		{"mcts:net=net/testdata/tiny.json", `option "net=net/testdata/tiny.json" (mcts takes`},
		{"mcts:weights=1//2", `weights "1//2"`},
		{"ab:net=", "net: want a file name"},
		{"ab:net=net/testdata/tiny.json,weights=1/2", "weights and net both replace the evaluation"},
		{"mcts:net=net/testdata/tiny.json", `option "net=net/testdata/tiny.json" (mcts takes`},
		{"level:0", "level 0: want 1 to 8"},
		{"level:nine", `level "nine"`},
		{"top:threads=0", `threads "0"`},
		{"top:time=soon", `time "soon"`},
		{"top:depth=3", `option "depth=3" (top takes threads, time)`},
		{"mcts:threads=x", `threads "x"`},
		{"random:seed=x", `seed "x"`},
		{"mcts:order=yes", `order "yes"`},
		{"mcts:widen=0", `widen "0"`},
		{"mcts:policy=2", `policy "2"`},
		{"ab:multipv=0", `multipv "0"`},
		{"random:multipv=2", `option "multipv=2" (random takes`},
	} {
		t.Run(tc.in, func(t *testing.T) {
			_, err := ai.ParseSpec(tc.in, "tictactoe")
			if !errors.Is(err, ai.ErrBadSpec) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want ErrBadSpec mentioning %q", err, tc.want)
			}
		})
	}
}

func TestLevels(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"tictactoe", "oxford", "oxford:variant=beginner", "oshi", "yoxii", "abraxas", "abraxas:board=3,push=free"} {
		for l := 1; l <= ai.MaxLevel; l++ {
			sp, err := ai.Level(name, l)
			if err != nil || sp.Level != l || sp.Limits.Time <= 0 || sp.Limits.Time > 10*time.Second {
				t.Errorf("%s level %d: got %+v, %v, want a level with a time cap", name, l, sp, err)
			}
			if sp2, _ := ai.ParseSpec(sp.String(), name); sp2 != sp {
				t.Errorf("%s level %d: %q parses back to %+v", name, l, sp, sp2)
			}
		}
	}
}

// TestLevelOptions checks the levels that depend on a game's options, and
// that a malformed game id is refused.
func TestLevelOptions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		id        string
		level     int
		wantNoise float64
	}{
		{"abraxas", 3, 0.5},
		{"abraxas:board=2", 3, 0.5},
		{"abraxas:board=3", 3, 0.35},
		{"abraxas:board=5", 2, 0.65},
		{"abraxas:board=5", 3, 0.3},
		{"abraxas:push=free", 3, 0.3},
		{"abraxas:push=free", 4, 0.1},
		{"abraxas:board=3,push=free", 3, 0.3},
		{"abraxas:board=5", 4, 0.1},
		{"abraxas:board=6", 4, 0.2},
	} {
		sp, err := ai.Level(tc.id, tc.level)
		if err != nil || sp.Noise != tc.wantNoise {
			t.Errorf("%s level %d: got noise %v (%v), want %v", tc.id, tc.level, sp.Noise, err, tc.wantNoise)
		}
	}
	if _, err := ai.Level("oxford:variant", 1); err == nil || !strings.Contains(err.Error(), "not key=value") {
		t.Errorf("a malformed id: got %v, want an error about the option", err)
	}
}

// FuzzParseSpec checks that any text either fails with ErrBadSpec or
// gives a spec that prints back to text parsing to the same spec.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"random", "level:3", "mcts:time=100ms,iters=5000", "ab:depth=6,noise=0.1", "mcts:c=1e400", "mcts:noise=NaN"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		sp, err := ai.ParseSpec(text, "oshi")
		if err != nil {
			if !errors.Is(err, ai.ErrBadSpec) {
				t.Fatalf("%q: got %v, want ErrBadSpec", text, err)
			}
			return
		}
		back, err := ai.ParseSpec(sp.String(), "oshi")
		if err != nil || back != sp {
			t.Fatalf("%q prints as %q, which parses to %+v, %v; want %+v", text, sp, back, err, sp)
		}
	})
}

// TestTopLevels pins the strongest level of the games where it is not
// plain MCTS, as measured in docs/strength.md.
func TestTopLevels(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game, want string
	}{
		{"oxford", "ab:nodes=60000,solve=2000,weights=71.7/176.6/-48.3/-66.3/3/1113.8/24.9"},
		{"oxford:variant=beginner", "ab:nodes=2000000,solve=2000"},
		{"OXFORD:variant=standard", "ab:nodes=60000,solve=2000,weights=71.7/176.6/-48.3/-66.3/3/1113.8/24.9"},
		{"yoxii", "mcts:iters=25000,c=0.2,order=1,widen=3,policy=1,solve=2000"},
	} {
		t.Run(tc.game, func(t *testing.T) {
			t.Parallel()
			sp, err := ai.Level(tc.game, ai.MaxLevel)
			if err != nil {
				t.Fatal(err)
			}
			want, err := ai.ParseSpec(tc.want, tc.game)
			if err != nil {
				t.Fatal(err)
			}
			want.Level, want.Limits.Time = sp.Level, sp.Limits.Time
			if sp != want {
				t.Errorf("got %q, want %q", sp, tc.want)
			}
		})
	}
}

// TestTop: the top strength is level 8's search with a time budget and
// threads, its solver kept and its noise and node budget gone, and
// Oxford's tuned weights (docs/strength.md) in place of the compiled-in
// ones; Oshi and Oxford's beginner variant keep theirs.
func TestTop(t *testing.T) {
	t.Parallel()
	const tuned = "71.7/176.6/-48.3/-66.3/3/1113.8/24.9"
	for _, tc := range []struct {
		id, in  string
		threads int
		budget  time.Duration
		weights string
	}{
		{"oxford", "top:threads=2,time=200ms", 2, 200 * time.Millisecond, tuned},
		{"oxford", "top:time=3s", 0, 3 * time.Second, tuned},
		{"oxford", "top:threads=1", 1, ai.TopTime, tuned},
		{"oxford:variant=beginner", "top:threads=1", 1, ai.TopTime, ""},
		{"oshi", "top:threads=2", 2, ai.TopTime, ""},
	} {
		l8, err := ai.Level(tc.id, ai.MaxLevel)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ai.ParseSpec(tc.in, tc.id)
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		want := l8
		want.Level, want.Limits = 0, ai.Limits{Time: tc.budget}
		want.Threads, want.Weights, want.Prove = tc.threads, tc.weights, 2000
		if tc.threads == 0 {
			want.Threads = got.Threads
			if got.Threads < 1 {
				t.Errorf("%s: got %d threads, want every core", tc.in, got.Threads)
			}
		}
		if got != want || got.Solve == 0 {
			t.Errorf("%s %s: got %+v, want %+v", tc.id, tc.in, got, want)
		}
		if back, err := ai.ParseSpec(got.String(), tc.id); err != nil || back != got {
			t.Errorf("%s: round trip of %q: got %+v, %v, want %+v", tc.in, got, back, err, got)
		}
	}
}
