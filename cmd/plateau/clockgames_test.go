package main

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/server/servertest"
)

type stepClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *stepClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *stepClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func postJSON(t *testing.T, url string, body, out any) int {
	t.Helper()
	b, _ := json.Marshal(body)
	resp, err := http.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode
}

// TestClockFollowsToAct plays random games of every game on fake time,
// a second per move, and checks that the clock running is always the
// one of the player the rules say is to act (Abraxas: takes, Stop!
// interrupts and passes included), and that a player's clock is charged
// only for their own turns: a run of moves by one player is one turn.
func TestClockFollowsToAct(t *testing.T) {
	t.Parallel()
	fc := &stepClock{t: time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)}
	ts := servertest.Start(t, server.Config{Registry: registry(), Clock: fc})
	r := rand.New(rand.NewPCG(1, 2))
	runs, interrupts := 0, 0 // moves that leave the same player to act; turns handed over by an interrupt phase
	for _, name := range registry().Names() {
		var g createdGame
		req := api.CreateRequest{Game: name, Local: true, TimeControl: "3+0", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}}
		if st := postJSON(t, ts.URL+"/api/games", req, &g); st != http.StatusCreated {
			t.Fatalf("%s: create: got %d", name, st)
		}
		v, used := g.View, [2]int64{}
		for ply := 0; ply < 120 && v.Result == "ongoing"; ply++ {
			if v.Clock.Running == nil || *v.Clock.Running != v.ToAct {
				t.Fatalf("%s ply %d: clock running %v, player to act %d", name, ply, v.Clock.Running, v.ToAct)
			}
			fc.add(time.Second)
			mover := v.ToAct
			seen := len(v.Moves)
			var nv api.View
			mreq := api.MoveRequest{Move: v.Legal[r.IntN(len(v.Legal))], Seen: &seen, Token: g.Seats[mover].Token}
			if st := postJSON(t, ts.URL+"/api/games/"+g.ID+"/moves", mreq, &nv); st != http.StatusOK {
				t.Fatalf("%s ply %d: move %s: got %d", name, ply, mreq.Move, st)
			}
			// A first turn is free; then each second of a player's own turn
			// is charged once the turn passes.
			if !v.Clock.FirstMove[mover] {
				used[mover] += 1000
			}
			if nv.ToAct != mover || nv.Result != "ongoing" {
				if got, want := nv.Clock.Remaining[mover], 180000-used[mover]; got != want {
					t.Fatalf("%s ply %d: %d's clock: got %d ms, want %d", name, ply, mover, got, want)
				}
			}
			if nv.ToAct == mover && nv.Result == "ongoing" {
				runs++
			}
			if nv.Phase != nil && nv.Phase.Name == "interrupt" {
				interrupts++
			}
			v = nv
		}
	}
	// The games played must have shown what the test is about.
	if runs == 0 || interrupts == 0 {
		t.Errorf("got %d runs of moves and %d interrupt phases, want some of each", runs, interrupts)
	}
	t.Logf("%d moves leaving the same player to act, %d interrupt phases", runs, interrupts)
}
