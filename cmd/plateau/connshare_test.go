package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// holdConns keeps n connections from local address ip to addr open
// until ctx ends, opening a new one whenever the server closes one
// (after half a second when it was refused at once): silent TCP, or WebSockets
// watching game when game is set.
func holdConns(ctx context.Context, ip, base, game string, n int) {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	addr := strings.TrimPrefix(base, "http://")
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			for ctx.Err() == nil {
				start := time.Now()
				if game == "" {
					if c, err := d.DialContext(ctx, "tcp", addr); err == nil {
						c.Read(make([]byte, 1)) //nolint:errcheck // blocks until the server closes it
						c.Close()
					}
				} else {
					hc := &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
					if c, _, err := websocket.Dial(ctx, "ws://"+addr+"/api/games/"+game+"/ws", &websocket.DialOptions{HTTPClient: hc}); err == nil {
						for c.Read(ctx); ctx.Err() == nil; c.Read(ctx) { //nolint:errcheck // reads until closed
						}
						c.CloseNow()
					}
				}
				if time.Since(start) < 500*time.Millisecond {
					select {
					case <-ctx.Done():
					case <-time.After(500 * time.Millisecond):
					}
				}
			}
		})
	}
	wg.Wait()
}

// honestClient asks GET /api/catalog from local address ip every 20 ms,
// each on a new connection, until ctx ends; it returns the share of 200
// answers and their p99.
func honestClient(ctx context.Context, ip, base string) (ok, total int, p99 time.Duration) {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	c := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}}
	var lat []time.Duration
	for ctx.Err() == nil {
		start := time.Now()
		resp, err := c.Get(base + "/api/catalog")
		total++
		if err == nil {
			if resp.StatusCode == http.StatusOK {
				ok++
				lat = append(lat, time.Since(start))
			}
			resp.Body.Close()
		}
		time.Sleep(20 * time.Millisecond)
	}
	slices.Sort(lat)
	if len(lat) > 0 {
		p99 = lat[min(len(lat)-1, len(lat)*99/100)]
	}
	return ok, total, p99
}

// TestServeConnShare: one address holding more connections than the
// real server's cap (silent TCP, then WebSockets) leaves another
// address's requests answered (audit 2026-11-27, D2). The cap is 400
// (PLATEAU_CONNSHARE_CAP to measure another, docs/perf.md).
func TestServeConnShare(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the real binary; runs without -short")
	}
	t.Parallel()
	capConns := 400
	if v, err := strconv.Atoi(os.Getenv("PLATEAU_CONNSHARE_CAP")); err == nil {
		capConns = v
	}
	p := startServe(t, "--db", filepath.Join(t.TempDir(), "share.db"), "--max-conns", strconv.Itoa(capConns), "--limits", defaultLimits)
	g, err := newAPIClient(p.url, 4).create(context.Background(), "tictactoe", true, "human", "human")
	if err != nil {
		t.Fatal(err)
	}
	for _, attack := range []struct {
		name, game string
		n          int
	}{{"no attack", "", 0}, {"silent TCP", "", capConns * 11 / 10}, {"WebSockets", g.ID, capConns * 11 / 10}} {
		ctx, cancel := context.WithTimeout(context.Background(), 8*time.Second)
		go holdConns(ctx, "127.0.0.2", p.url, attack.game, attack.n)
		time.Sleep(2 * time.Second) // the attacker takes what it can
		ok, total, p99 := honestClient(ctx, "127.0.0.3", p.url)
		cancel()
		t.Logf("%s, %d connections held from one address (cap %d): another address got %d of %d answered 200, p99 %v",
			attack.name, attack.n, capConns, ok, total, p99.Round(time.Millisecond))
		if total == 0 || ok*100 < total*99 {
			t.Errorf("%s: got %s of the honest requests answered, want 99%% at least", attack.name, fmt.Sprintf("%d of %d", ok, total))
		}
		time.Sleep(time.Second) // the attacker's connections close
	}
}
