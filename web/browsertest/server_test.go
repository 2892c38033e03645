package browsertest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/server/servertest"
	"github.com/plateau-games/plateau/web"
)

// firstMover is a deterministic AI for tests: it plays the first legal
// move in byte order, so that the tests know the AI's replies.
type firstMover struct{}

func (firstMover) Move(_ context.Context, _ string, s game.State, _ int) (game.Move, error) {
	moves := s.Moves(nil)
	if len(moves) == 0 {
		return 0, fmt.Errorf("browsertest: no legal move")
	}
	first := game.MoveStrings(s)[0]
	return s.ParseMove(first)
}

// testServer is a real Plateau server on a fresh SQLite database.
type testServer struct {
	URL string
	reg *game.Registry
	// off closes the server's listener: the network is gone for pages.
	off func()
}

func newServer(t *testing.T) *testServer {
	t.Helper()
	return newServerWith(t, firstMover{})
}

// slowMover thinks for a while before playing the first legal move, so
// that the page's "AI thinking" indicator can be seen.
type slowMover struct{ d time.Duration }

func (m slowMover) Move(ctx context.Context, name string, s game.State, level int) (game.Move, error) {
	select {
	case <-time.After(m.d):
	case <-ctx.Done():
	}
	return firstMover{}.Move(ctx, name, s, level)
}

// newServerWith starts a server whose AI seats play with mover.
func newServerWith(t *testing.T, mover server.Mover) *testServer {
	t.Helper()
	return newServerOf(t, registry(), mover)
}

// newServerOf starts a server of the given games.
func newServerOf(t *testing.T, reg *game.Registry, mover server.Mover) *testServer {
	t.Helper()
	s := servertest.Start(t, server.Config{Registry: reg, Mover: mover, MoverName: "first legal move", Static: web.FS()})
	return &testServer{URL: s.URL, reg: reg, off: s.HTTP.Close}
}

// view is the server's game view.
type view = api.View

func (s *testServer) get(t *testing.T, id string) view {
	t.Helper()
	res, err := http.Get(s.URL + "/api/games/" + id)
	if err != nil {
		t.Fatalf("get game: %v", err)
	}
	defer res.Body.Close()
	var v view
	if err := json.NewDecoder(res.Body).Decode(&v); err != nil {
		t.Fatalf("decode view: %v", err)
	}
	return v
}

// countGames returns how many games the server lists as recent.
func (s *testServer) countGames(t *testing.T) int {
	t.Helper()
	res, err := http.Get(s.URL + "/api/games?status=recent&limit=1000")
	if err != nil {
		t.Fatalf("list games: %v", err)
	}
	defer res.Body.Close()
	var list struct {
		Games []json.RawMessage `json:"games"`
	}
	if err := json.NewDecoder(res.Body).Decode(&list); err != nil {
		t.Fatalf("decode game list: %v", err)
	}
	return len(list.Games)
}

// created is the server's answer to a new game.
type created struct{ api.CreateResponse }

// create makes a game through the API: me is the human seat, the other
// seat is the AI at level 1.
func (s *testServer) create(t *testing.T, gameID, pos string, me int) created {
	t.Helper()
	seats := []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}
	seats[1-me] = api.SeatRequest{Kind: "ai", Level: 1}
	body, _ := json.Marshal(api.CreateRequest{Game: gameID, Position: pos, Seats: seats, Me: &me})
	res, err := http.Post(s.URL+"/api/games", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatalf("create game: %v", err)
	}
	defer res.Body.Close()
	var c created
	if err := json.NewDecoder(res.Body).Decode(&c); err != nil || res.StatusCode != http.StatusCreated {
		t.Fatalf("create game %s: status %d, %v", gameID, res.StatusCode, err)
	}
	return c
}

// nearEnd plays seeded random games of a game until it finds a position
// where a move by the player to act ends the game in that player's win,
// and returns the position and the move.
func nearEnd(t *testing.T, reg *game.Registry, gameID string) (pos, move string) {
	t.Helper()
	for seed := uint64(1); seed < 200; seed++ {
		s, err := reg.New(gameID, "")
		if err != nil {
			t.Fatal(err)
		}
		r := newRand(seed)
		for ply := 0; ply < 3000 && s.Result() == game.Ongoing; ply++ {
			me := s.ToAct()
			for _, mv := range game.MoveStrings(s) {
				c := s.Clone()
				if _, err := game.PlayChecked(c, mv); err != nil {
					t.Fatal(err)
				}
				win := game.FirstWins
				if me == game.Second {
					win = game.SecondWins
				}
				if c.Result() == win && ply > 4 {
					return s.String(), mv
				}
			}
			moves := game.MoveStrings(s)
			if _, err := game.PlayChecked(s, moves[r.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatalf("no near-finished position found for %s", gameID)
	return "", ""
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }
