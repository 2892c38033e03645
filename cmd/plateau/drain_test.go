package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/api"
)

// answered is one move sent during the drain test and what it was told.
type answered struct {
	game       string
	seen       int
	move       string
	status     int
	retryAfter string
}

// postMove sends one move and returns its answer and, on 200, the view.
func postMove(c *http.Client, base, id, token, move string, seen int) (answered, api.View, error) {
	b, _ := json.Marshal(api.MoveRequest{Move: move, Seen: &seen, Token: token})
	a := answered{game: id, seen: seen, move: move}
	resp, err := c.Post(base+"/api/games/"+id+"/moves", "application/json", bytes.NewReader(b))
	if err != nil {
		return a, api.View{}, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	a.status, a.retryAfter = resp.StatusCode, resp.Header.Get("Retry-After")
	var v api.View
	if err == nil && a.status == http.StatusOK {
		err = json.Unmarshal(data, &v)
	}
	return a, v, err
}

// drainPlayer plays games one after another (both seats, by token) until
// an answer is not a 200; it records every answer it got.
func drainPlayer(c *apiClient, base string, record func(answered)) {
	for {
		g, err := c.create(context.Background(), "tictactoe", true, "human", "human")
		if err != nil {
			return
		}
		v := g.View
		for v.Result == "ongoing" {
			a, nv, err := postMove(c.http, base, g.ID, g.Seats[v.ToAct].Token, v.Legal[rand.IntN(len(v.Legal))], len(v.Moves))
			if err != nil {
				return // the server is gone: this answer is unknown
			}
			record(a)
			if a.status != http.StatusOK {
				return
			}
			v = nv
		}
	}
}

// TestServeDrainAnswersTrue plays many games flat out against the real
// binary, sends it SIGTERM, restarts it on the same database and checks
// every answered move: each 200 is stored, and each refusal (503) was
// not stored and carries Retry-After (issue 25 point 1).
func TestServeDrainAnswersTrue(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and signals the real binary; runs without -short")
	}
	t.Parallel()
	args := []string{"--db", filepath.Join(t.TempDir(), "plateau.db"), "--drain", "300ms"}
	first := startServe(t, args...)
	c := newAPIClient(first.url, 128)
	var mu sync.Mutex
	var got []answered
	var wg sync.WaitGroup
	for range 60 {
		wg.Go(func() {
			drainPlayer(c, first.url, func(a answered) { mu.Lock(); got = append(got, a); mu.Unlock() })
		})
	}
	time.Sleep(1500 * time.Millisecond)
	first.cmd.Process.Signal(syscall.SIGTERM)
	wg.Wait()
	first.cmd.Wait()
	second := startServe(t, args...)
	checkAnswered(t, newAPIClient(second.url, 8), got)
}

// checkAnswered compares every answer with the stored game.
func checkAnswered(t *testing.T, c *apiClient, got []answered) {
	t.Helper()
	refused := 0
	for _, a := range got {
		v, err := c.view(context.Background(), a.game)
		if err != nil {
			t.Fatalf("game %s: %v", a.game, err)
		}
		stored := len(v.Moves) > a.seen && v.Moves[a.seen] == a.move
		switch a.status {
		case http.StatusOK:
			if !stored {
				t.Errorf("game %s: move %d %s answered 200, not stored (moves %v)", a.game, a.seen, a.move, v.Moves)
			}
		case http.StatusServiceUnavailable:
			refused++
			if stored {
				t.Errorf("game %s: move %d %s answered 503, yet stored", a.game, a.seen, a.move)
			}
			if a.retryAfter == "" {
				t.Errorf("game %s: move %d answered 503 without Retry-After", a.game, a.seen)
			}
		default:
			t.Errorf("game %s: move %d answered %d, want 200 or 503", a.game, a.seen, a.status)
		}
	}
	if len(got) < 200 || refused == 0 {
		t.Errorf("got %d answers, %d refused: too few to test the drain", len(got), refused)
	}
	t.Logf("%d moves answered, %d refused during the drain", len(got), refused)
}
