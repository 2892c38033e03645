package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

func TestServeFlags(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--help"}, "-addr"},
		{[]string{"serve", "extra"}, "takes no arguments"},
		{[]string{"serve", "--log-level", "loud"}, "bad --log-level"},
		{[]string{"serve", "--ai-workers", "-1"}, "bad --ai-workers"},
		{[]string{"serve", "--ai-lease", "1ms"}, "bad --ai-workers or --ai-lease"},
		{[]string{"serve", "--ai-top-threads", "-1"}, "bad --ai-top-threads -1"},
		{[]string{"loadtest", "--games", "0"}, "bad --games"},
		{[]string{"serve", "--public-url", "play.example"}, "bad --public-url"},
		{[]string{"serve", "--public-url", "https://play.example/sub"}, "bad --public-url"},
		{[]string{"serve", "--limits", "create=5/day"}, "bad --limits"},
		{[]string{"serve", "--limits", "login=5/s"}, "bad --limits"},
		{[]string{"serve", "--trusted-proxy", "proxy.local"}, "bad --trusted-proxy"},
		{[]string{"loadtest", "--help"}, "-games"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out, errOut, _ := runCmd(t, "", tc.args...)
			if !strings.Contains(out+errOut, tc.want) {
				t.Errorf("got %q %q, want %q", out, errOut, tc.want)
			}
		})
	}
}

// buildPlateau builds the real binary once per test binary run.
var buildPlateau = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "plateau-bin")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "plateau")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build: %w\n%s", err, out)
	}
	return bin, nil
})

// proc is a running "plateau serve".
type proc struct {
	cmd  *exec.Cmd
	url  string
	logs *syncLog
}

type syncLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var servingLine = regexp.MustCompile(`serving on (http://\S+)`)

// startServe starts the binary on a free port and waits for its address.
func startServe(t *testing.T, args ...string) *proc {
	t.Helper()
	bin, err := buildPlateau()
	if err != nil {
		t.Fatal(err)
	}
	// The tests play flat out from one address: no rate limits (a later
	// --limits in args wins).
	cmd := exec.Command(bin, append([]string{"serve", "--addr", "127.0.0.1:0", "--tictactoe", "--limits", "off"}, args...)...)
	p := &proc{cmd: cmd, logs: &syncLog{}}
	cmd.Stderr = p.logs
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	m := servingLine.FindStringSubmatch(line)
	if err != nil || m == nil {
		t.Fatalf("serve did not start: %q %v; logs:\n%s", line, err, p.logs)
	}
	go io.Copy(io.Discard, stdout) //nolint:errcheck // drains the pipe until the process ends
	p.url = m[1]
	return p
}

// acked records, per game, the moves the server acknowledged.
type acked struct {
	mu    sync.Mutex
	moves map[string][]string
}

func (a *acked) add(id string, moves []string) {
	a.mu.Lock()
	a.moves[id] = slices.Clone(moves)
	a.mu.Unlock()
}

// playRandomly plays random legal moves for the human seats of a game
// until it ends or ctx does, recording every acknowledged view.
func playRandomly(ctx context.Context, c *apiClient, g createdGame, log *acked) error {
	v := g.View
	for ctx.Err() == nil && v.Result == "ongoing" {
		if v.Seats[v.ToAct].Kind != "human" {
			time.Sleep(5 * time.Millisecond)
			nv, err := c.view(ctx, g.ID)
			if err != nil {
				return err
			}
			v = nv
			continue
		}
		nv, err := c.move(ctx, g.ID, g.Seats[v.ToAct].Token, v.Legal[rand.IntN(len(v.Legal))], len(v.Moves))
		var se *statusError
		if errors.As(err, &se) && se.status == 409 { // the AI moved meanwhile
			nv, err = c.view(ctx, g.ID)
		}
		if err != nil {
			return err
		}
		v = nv
		log.add(g.ID, v.Moves)
	}
	return nil
}

// TestServeSurvivesKill plays many games at once against the real
// binary, kills it with SIGKILL in mid-stream, restarts it on the same
// database, and checks that every acknowledged move is there and that
// every game goes on, AI seats included.
func TestServeSurvivesKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the real binary; runs without -short")
	}
	t.Parallel()
	db := filepath.Join(t.TempDir(), "plateau.db")
	// The AI answers slowly, so that the kill finds AI seats to move.
	args := []string{"--db", db, "--ai-delay", "1500ms"}
	first := startServe(t, args...)
	c := newAPIClient(first.url, 64)
	log := &acked{moves: map[string][]string{}}
	var games []createdGame
	var mu sync.Mutex
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for i := range 30 {
		wg.Go(func() {
			for ctx.Err() == nil {
				seats := []string{"human", "human"}
				if i%3 == 0 {
					seats[i%2] = "ai:3" // a third of the games against the AI
				}
				g, err := c.create(ctx, "tictactoe", true, seats...)
				if err != nil {
					return // killed
				}
				mu.Lock()
				games = append(games, g)
				mu.Unlock()
				if playRandomly(ctx, c, g, log) != nil {
					return
				}
			}
		})
	}
	time.Sleep(1500 * time.Millisecond)
	first.cmd.Process.Signal(syscall.SIGKILL)
	first.cmd.Wait()
	cancel()
	wg.Wait()

	second := startServe(t, args...)
	c = newAPIClient(second.url, 64)
	if n := aiToMove(t, c, games); n == 0 {
		t.Errorf("no AI seat was to move at the restart: the test proves nothing about resuming them")
	}
	checkAcked(t, c, games, log)
	finishAll(t, c, games)
}

func checkAcked(t *testing.T, c *apiClient, games []createdGame, log *acked) {
	t.Helper()
	ctx := context.Background()
	total := 0
	for _, g := range games {
		v, err := c.view(ctx, g.ID)
		if err != nil {
			t.Errorf("game %s is lost: %v", g.ID, err)
			continue
		}
		want := log.moves[g.ID]
		total += len(want)
		if len(v.Moves) < len(want) || !slices.Equal(v.Moves[:len(want)], want) {
			t.Errorf("game %s: got moves %v, want %v acknowledged first", g.ID, v.Moves, want)
		}
	}
	if len(games) < 30 || total < 50 {
		t.Errorf("too little was played before the kill to test anything: %d games, %d moves", len(games), total)
	}
	t.Logf("%d games, %d acknowledged moves survived the kill", len(games), total)
}

// finishAll plays every game to its end after the restart: the humans by
// HTTP, the AI seats by themselves.
func finishAll(t *testing.T, c *apiClient, games []createdGame) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	log := &acked{moves: map[string][]string{}}
	var wg sync.WaitGroup
	for _, g := range games {
		v, err := c.view(ctx, g.ID)
		if err != nil {
			continue
		}
		g.View = v
		wg.Go(func() {
			if err := playRandomly(ctx, c, g, log); err != nil {
				t.Errorf("game %s cannot go on: %v", g.ID, err)
			}
		})
	}
	wg.Wait()
	for _, g := range games {
		if v, err := c.view(ctx, g.ID); err != nil || v.Result == "ongoing" {
			t.Errorf("game %s did not finish after the restart: %+v %v", g.ID, v, err)
		}
	}
}

// aiToMove counts the games whose AI seat is to move.
func aiToMove(t *testing.T, c *apiClient, games []createdGame) int {
	t.Helper()
	n := 0
	for _, g := range games {
		v, err := c.view(context.Background(), g.ID)
		if err == nil && v.Result == "ongoing" && v.Seats[v.ToAct].Kind == "ai" {
			n++
		}
	}
	t.Logf("%d games had an AI seat to move at the restart", n)
	return n
}
