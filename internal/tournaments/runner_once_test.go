package tournaments_test

import (
	"context"
	"errors"
	"github.com/plateau-games/plateau/games"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tournaments"
)

func swissConfig() tournaments.Config {
	return tournaments.Config{Settings: tournaments.Settings{Format: tournaments.FormatSwiss, Name: "Swiss", Rounds: 4,
		MinPlayers: 2, RoundTime: 24 * time.Hour, StartsAt: start, Games: 1}}
}

// TestRunnerTwoServers runs a Swiss of nine with two servers ticking at
// once on one database: every round is paired once, every game created
// once, every notice sent once, and the event ends with a winner.
func TestRunnerTwoServers(t *testing.T) {
	dialects(t, func(t *testing.T, open func() tourStore) {
		a, b := open(), open()
		newEvent(t, a, "sw", swissConfig(), 9)
		clock := &fakeClock{now: start}
		mk, ns := &maker{s: a}, &notes{}
		runners := []*tournaments.Runner{
			{Store: a, Games: mk, Notes: ns, Clock: clock, Owner: "a", Lease: time.Minute, Batch: 4},
			{Store: b, Games: mk, Notes: ns, Clock: clock, Owner: "b", Lease: time.Minute, Batch: 4},
		}
		rng := rand.New(rand.NewPCG(1, 2))
		for range 40 {
			var wg sync.WaitGroup
			for _, r := range runners {
				wg.Go(func() {
					if err := r.Tick(context.Background()); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			finishGames(t, a, "sw", rng, clock.Now())
			clock.add(time.Minute)
		}
		checkOnce(t, a, "sw", mk, ns, 4, 9)
	})
}

func checkOnce(t *testing.T, s tourStore, tid string, mk *maker, ns *notes, rounds, players int) {
	t.Helper()
	ctx := context.Background()
	tr, err := s.LoadTournament(ctx, tid)
	if err != nil {
		t.Fatal(err)
	}
	if tr.State != store.TourFinished || tr.Round != rounds || tr.Winner == "" {
		t.Fatalf("got state %s round %d winner %q, want finished after %d rounds with a winner", tr.State, tr.Round, tr.Winner, rounds)
	}
	rows, _ := s.TournamentPairings(ctx, tid)
	perRound := map[int]int{}
	for _, p := range rows {
		perRound[p.Round]++
		if p.Second != "" && mk.created[p.GameID] != 1 {
			t.Errorf("game %s created %d times, want once", p.GameID, mk.created[p.GameID])
		}
	}
	for r := 1; r <= rounds; r++ {
		if perRound[r] != (players+1)/2 {
			t.Errorf("round %d: got %d pairings, want %d", r, perRound[r], (players+1)/2)
		}
	}
	for n, k := range ns.seen {
		if k != 1 {
			t.Errorf("notice %+v sent %d times, want once", n, k)
		}
	}
	if len(ns.seen) == 0 {
		t.Error("got no notices")
	}
}

// TestRunnerKilled kills the server between pairing and creating the
// games (and once just after creating one): a fresh server on the same
// database creates each game exactly once and the event goes on.
func TestRunnerKilled(t *testing.T) {
	dialects(t, func(t *testing.T, open func() tourStore) {
		s := open()
		newEvent(t, s, "k", swissConfig(), 6)
		clock := &fakeClock{now: start}
		mk, ns := &maker{s: s, kill: 1}, &notes{}
		dying := &tournaments.Runner{Store: s, Registry: games.Registry(), Games: mk, Notes: ns, Clock: clock, Owner: "dying", Lease: time.Minute}
		if err := dying.Tick(context.Background()); err != nil { // pairs round 1
			t.Fatal(err)
		}
		if err := dying.Tick(context.Background()); !errors.Is(err, errKilled) {
			t.Fatalf("got %v, want the kill", err)
		}
		rows, _ := s.TournamentPairings(context.Background(), "k")
		if len(rows) != 3 || rows[0].Created {
			t.Fatalf("after the kill: got %d pairings (created %v), want 3 paired, none created", len(rows), len(rows) > 0 && rows[0].Created)
		}
		mk.killAfter = 1
		clock.add(2 * time.Minute) // the dead server's lease runs out
		s2 := open()
		fresh := &tournaments.Runner{Store: s2, Registry: games.Registry(), Games: mk, Notes: ns, Clock: clock, Owner: "fresh", Lease: time.Minute}
		rng := rand.New(rand.NewPCG(3, 4))
		for range 30 {
			if err := fresh.Tick(context.Background()); err != nil && !errors.Is(err, errKilled) {
				t.Fatal(err)
			}
			finishGames(t, s2, "k", rng, clock.Now())
			clock.add(time.Minute)
		}
		checkOnce(t, s2, "k", mk, &notes{seen: map[tournaments.Notice]int{{Kind: "x"}: 1}}, 4, 6)
	})
}

// TestAdvanceOnce writes one step twice from the same version, as two
// servers would after a lease ran out mid-step: one wins, the other gets
// ErrConflict and its pairings are not stored.
func TestAdvanceOnce(t *testing.T) {
	dialects(t, func(t *testing.T, open func() tourStore) {
		a, b := open(), open()
		newEvent(t, a, "c", swissConfig(), 4)
		ctx := context.Background()
		tr, _ := a.LoadTournament(ctx, "c")
		step := func(s tourStore, first string) error {
			n := tr
			n.State, n.Round = store.TourRunning, 1
			return s.AdvanceTournament(ctx, store.TourAdvance{T: n, At: start, Pairings: []store.TourPairing{
				{TournamentID: "c", Round: 1, First: first, Second: "p1", GameID: "c-" + first}}})
		}
		errs := make(chan error, 2)
		go func() { errs <- step(a, "p0") }()
		go func() { errs <- step(b, "p2") }()
		e1, e2 := <-errs, <-errs
		if (e1 == nil) == (e2 == nil) || !errors.Is(errors.Join(e1, e2), store.ErrConflict) {
			t.Fatalf("got %v and %v, want one success and one conflict", e1, e2)
		}
		rows, _ := a.TournamentPairings(ctx, "c")
		if len(rows) != 1 {
			t.Errorf("got %d pairings, want 1", len(rows))
		}
	})
}
