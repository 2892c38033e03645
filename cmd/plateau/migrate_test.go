package main

import (
	"bufio"
	"io"
	"os/exec"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store/storetest"
)

// TestServeTogetherOnFreshDatabase starts two real servers at the same
// moment on a fresh PostgreSQL schema, five times: both must come up
// (audit D3: one used to exit on a duplicate key of schema_migrations).
func TestServeTogetherOnFreshDatabase(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the real binary; runs without -short")
	}
	base := storetest.PostgresDSN(t)
	t.Parallel()
	bin, err := buildPlateau()
	if err != nil {
		t.Fatal(err)
	}
	for try := range 5 {
		dsn := storetest.FreshSchema(t, base, "together")
		var lines [2]chan string
		var logs [2]*syncLog
		for i := range lines {
			lines[i], logs[i] = make(chan string, 1), &syncLog{}
			cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", dsn, "--drain", "0s")
			cmd.Stderr = logs[i]
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer func() {
				cmd.Process.Kill()
				cmd.Wait()
			}()
			go func() {
				line, _ := bufio.NewReader(stdout).ReadString('\n')
				lines[i] <- line
				io.Copy(io.Discard, stdout) //nolint:errcheck // drains the pipe until the process ends
			}()
		}
		for i := range lines {
			select {
			case line := <-lines[i]:
				if !servingLine.MatchString(line) {
					t.Errorf("try %d, server %d: got %q, want it serving; logs:\n%s", try, i, line, logs[i])
				}
			case <-time.After(60 * time.Second):
				t.Errorf("try %d, server %d: not serving after 60 s; logs:\n%s", try, i, logs[i])
			}
		}
	}
}
