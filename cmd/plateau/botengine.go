package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/engine"
)

// errEngine marks an engine that died, hung or answered nonsense: the
// bridge restarts it.
var errEngine = errors.New("plateau bot: engine")

// botEngine is one engine-protocol process (or the built-in engine)
// answering one command at a time.
type botEngine struct {
	in    io.WriteCloser
	lines chan string
	stop  func()
}

// startEngine starts the engine of cmdline, or the built-in one when
// cmdline is empty.
func startEngine(reg *game.Registry, cmdline string) (*botEngine, error) {
	if cmdline == "" {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		go func() {
			engine.New(reg, version).Serve(inR, outW)
			_ = outW.Close() // the engine's end: the bridge reads EOF either way
		}()
		return newBotEngine(inW, outR, func() { _ = inW.Close(); _ = inR.Close(); _ = outR.Close() }), nil
	}
	args := strings.Fields(cmdline)
	cmd := exec.Command(args[0], args[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errEngine, err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errEngine, err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("%w: start %q: %w", errEngine, cmdline, err)
	}
	return newBotEngine(in, out, func() { in.Close(); cmd.Process.Kill(); cmd.Wait() }), nil //nolint:errcheck // a dead engine is what we want
}

func newBotEngine(in io.WriteCloser, out io.Reader, stop func()) *botEngine {
	e := &botEngine{in: in, lines: make(chan string, 64), stop: stop}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	return e
}

// ask sends one command and returns its answer's lines before "ok";
// errEngine when the engine answers "err", dies or is silent past wait.
func (e *botEngine) ask(ctx context.Context, cmd string, wait time.Duration) ([]string, error) {
	if _, err := io.WriteString(e.in, cmd+"\n"); err != nil {
		return nil, fmt.Errorf("%w: write: %w", errEngine, err)
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	var out []string
	for {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-timer.C:
			return nil, fmt.Errorf("%w: no answer to %q within %v", errEngine, firstWord(cmd), wait)
		case l, ok := <-e.lines:
			switch {
			case !ok:
				return nil, fmt.Errorf("%w: exited during %q", errEngine, firstWord(cmd))
			case l == "ok":
				return out, nil
			case strings.HasPrefix(l, "err"):
				return nil, fmt.Errorf("%w: %q: %s", errEngine, firstWord(cmd), l)
			}
			out = append(out, l)
		}
	}
}

func firstWord(s string) string { return strings.SplitN(s, " ", 2)[0] }

// bestMove sets up the game (start position and moves) and asks for a
// move within think.
func (e *botEngine) bestMove(ctx context.Context, gameID, start string, moves []string, goArgs string, think time.Duration) (string, error) {
	const setup = 10 * time.Second
	if _, err := e.ask(ctx, "newgame "+gameID+" "+start, setup); err != nil {
		return "", err
	}
	for _, m := range moves {
		if _, err := e.ask(ctx, "play "+m, setup); err != nil {
			return "", err
		}
	}
	lines, err := e.ask(ctx, "go "+goArgs, think+5*time.Second)
	if err != nil {
		return "", err
	}
	for _, l := range lines {
		if m, ok := strings.CutPrefix(l, "bestmove "); ok && strings.TrimSpace(m) != "" {
			return strings.TrimSpace(m), nil
		}
	}
	return "", fmt.Errorf("%w: no bestmove in the answer to go", errEngine)
}
