package main

import (
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"
)

// get returns the status and body of a GET, or fails the test.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestServeDrain: after SIGTERM the real server answers 503 for the
// drain period instead of refusing connections (audit D11).
func TestServeDrain(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the real binary; runs without -short")
	}
	t.Parallel()
	p := startServe(t, "--db", t.TempDir()+"/drain.db", "--drain", "60s")
	if st, _ := get(t, p.url+"/api/catalog"); st != 200 {
		t.Fatalf("before: got %d, want 200", st)
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(p.logs.String(), "shutting down") {
		if time.Now().After(deadline) {
			t.Fatalf("no shutdown in the log: %s", p.logs)
		}
		time.Sleep(10 * time.Millisecond)
	}
	for _, path := range []string{"/api/catalog", "/healthz"} {
		if st, body := get(t, p.url+path); st != 503 {
			t.Errorf("%s while draining: got %d %q, want 503", path, st, body)
		}
	}
}

// TestServeMetricsAddr serves /metrics on its own address only.
func TestServeMetricsAddr(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the real binary; runs without -short")
	}
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	p := startServe(t, "--db", t.TempDir()+"/metrics.db", "--metrics-addr", addr)
	if st, _ := get(t, p.url+"/metrics"); st != 404 {
		t.Errorf("public /metrics: got %d, want 404", st)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := http.Get("http://" + addr + "/metrics")
		if err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 || !strings.Contains(string(b), "plateau_games_created_total") {
				t.Errorf("private /metrics: got %d %.80q, want the metrics", resp.StatusCode, b)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("metrics address never answered: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if st, _ := get(t, "http://"+addr+"/healthz"); st != 200 {
		t.Errorf("private /healthz: got %d, want 200", st)
	}
}
