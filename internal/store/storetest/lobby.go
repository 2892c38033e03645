package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/store"
)

var (
	ann  = lobby.Player{ID: "p-ann", Name: "Ann"}
	bea  = lobby.Player{ID: "p-bea", Name: "Bea"}
	carl = lobby.Player{ID: "p-carl", Name: "Carl"}
)

func newSeek(t *testing.T, id string, owner lobby.Player, kind lobby.Kind, at time.Time) lobby.Seek {
	t.Helper()
	k := lobby.Seek{ID: id, Game: "tictactoe", Owner: owner, Kind: kind, TimeControl: "5+3", Rated: true, Colour: lobby.Second}
	if err := k.Check(at); err != nil {
		t.Fatal(err)
	}
	return k
}

func mustPost(t *testing.T, s store.Store, k lobby.Seek) {
	t.Helper()
	if err := s.PostSeek(context.Background(), k.Record()); err != nil {
		t.Fatalf("post %s: %v", k.ID, err)
	}
}

func openIDs(t *testing.T, s store.Store, now time.Time) string {
	t.Helper()
	seeks, err := s.OpenSeeks(context.Background(), now)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, k := range seeks {
		ids = append(ids, k.ID)
	}
	return fmt.Sprint(ids)
}

func acceptOf(seek, taker, game string, at time.Time) store.Accept {
	g := newGame(game, at)
	g.Seats[1] = g.Seats[0]
	return store.Accept{Seek: seek, Taker: taker, Game: g, OwnerSeat: 1, At: at}
}

// testSeeks posts, lists, cancels and accepts seeks: a seek round-trips,
// only its owner cancels it, and an accepted seek leaves the lobby with
// its game created and its start for the owner's server.
func testSeeks(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	v0, _ := s.LobbyVersion(ctx)
	a := newSeek(t, "s-a", ann, lobby.RealTime, epoch)
	mustPost(t, s, a)
	mustPost(t, s, newSeek(t, "s-b", bea, lobby.Correspondence, epoch.Add(time.Second)))
	if got := openIDs(t, s, epoch.Add(time.Minute)); got != "[s-a s-b]" {
		t.Errorf("got open %s, want [s-a s-b]", got)
	}
	got, err := s.OpenSeek(ctx, "s-a", epoch)
	if err != nil || fmt.Sprint(got) != fmt.Sprint(a) {
		t.Errorf("got %+v, %v, want %+v", got, err, a)
	}
	if err := s.CloseSeek(ctx, "s-b", ann.ID, epoch); !errors.Is(err, lobby.ErrGone) {
		t.Errorf("cancel by another: got %v, want ErrGone", err)
	}
	if err := s.CloseSeek(ctx, "s-b", bea.ID, epoch); err != nil {
		t.Errorf("cancel by owner: got %v", err)
	}
	at := epoch.Add(2 * time.Minute)
	if err := s.AcceptSeek(ctx, acceptOf("s-a", bea.ID, "g-a", at)); err != nil {
		t.Fatalf("accept: %v", err)
	}
	mustLoad(t, s, "g-a")
	if got := openIDs(t, s, at); got != "[]" {
		t.Errorf("got open %s after accept, want []", got)
	}
	started, err := s.StartedSeeks(ctx, epoch)
	want := []store.Started{{Seek: "s-a", GameID: "g-a", Owner: ann.ID, OwnerSeat: 1, Taker: bea.ID, At: at}}
	if err != nil || fmt.Sprint(started) != fmt.Sprint(want) {
		t.Errorf("got started %+v, %v, want %+v", started, err, want)
	}
	if err := s.AcceptSeek(ctx, acceptOf("s-a", carl.ID, "g-again", at)); !errors.Is(err, lobby.ErrGone) {
		t.Errorf("second accept: got %v, want ErrGone", err)
	}
	if _, err := s.Load(ctx, "g-again"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a refused accept created its game: %v", err)
	}
	if v, _ := s.LobbyVersion(ctx); v != v0+4 {
		t.Errorf("got lobby version %d, want %d (post, post, cancel, accept)", v, v0+4)
	}
}

// testAcceptRace: many accepts of one seek at once start exactly one
// game, and every loser is told ErrGone.
func testAcceptRace(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	for round := range 5 {
		id := fmt.Sprintf("race-%d", round)
		mustPost(t, s, newSeek(t, id, ann, lobby.RealTime, epoch))
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = s.AcceptSeek(ctx, acceptOf(id, fmt.Sprintf("taker-%d", i), fmt.Sprintf("%s-g%d", id, i), epoch))
			}()
		}
		wg.Wait()
		won := 0
		for i, err := range errs {
			_, lerr := s.Load(ctx, fmt.Sprintf("%s-g%d", id, i))
			switch {
			case err == nil && lerr == nil:
				won++
			case errors.Is(err, lobby.ErrGone) && errors.Is(lerr, store.ErrNotFound):
			default:
				t.Errorf("round %d accept %d: got %v (game: %v), want success with a game or ErrGone without", round, i, err, lerr)
			}
		}
		if won != 1 {
			t.Errorf("round %d: got %d games started, want 1", round, won)
		}
	}
}

// testLobbyPresence: a real-time seek dies with its owner's last
// presence, on any server, or when the owner's lease lapses; a
// correspondence seek at its expiry.
func testLobbyPresence(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	lease := epoch.Add(time.Minute)
	if err := s.SetPresence(ctx, "srv1", []lobby.Player{ann, bea}, lease); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPresence(ctx, "srv2", []lobby.Player{ann}, lease); err != nil {
		t.Fatal(err)
	}
	if on, err := s.Online(ctx, epoch); err != nil || fmt.Sprint(on) != fmt.Sprint([]lobby.Player{ann, bea}) {
		t.Errorf("got online %v, %v, want Ann and Bea once each", on, err)
	}
	mustPost(t, s, newSeek(t, "rt-ann", ann, lobby.RealTime, epoch))
	mustPost(t, s, newSeek(t, "rt-bea", bea, lobby.RealTime, epoch))
	mustPost(t, s, newSeek(t, "co-carl", carl, lobby.Correspondence, epoch))
	leave := func(server string, p lobby.Player) {
		if err := s.LeaveLobby(ctx, server, p.ID, epoch); err != nil {
			t.Fatal(err)
		}
	}
	leave("srv1", ann) // still on srv2
	if got := openIDs(t, s, epoch); got != "[co-carl rt-ann rt-bea]" {
		t.Errorf("Ann left one server: got %s, want all three (same time: by id)", got)
	}
	leave("srv2", ann)
	if got := openIDs(t, s, epoch); got != "[co-carl rt-bea]" {
		t.Errorf("Ann left the last server: got %s, want [co-carl rt-bea]", got)
	}
	// srv1 dies: Bea's lease lapses, and the sweep after it removes her
	// seek; Carl's correspondence seek lives on until it expires.
	after := lease.Add(time.Second)
	if err := s.SweepLobby(ctx, after, time.Second); err != nil {
		t.Fatal(err)
	}
	if got := openIDs(t, s, after); got != "[co-carl]" {
		t.Errorf("after the lease: got %s, want [co-carl]", got)
	}
	if on, _ := s.Online(ctx, after); len(on) != 0 {
		t.Errorf("got online %v after the lease, want nobody", on)
	}
	expired := epoch.Add(lobby.CorrespondenceTTL)
	if err := s.SweepLobby(ctx, expired, time.Second); err != nil {
		t.Fatal(err)
	}
	if got := openIDs(t, s, epoch); got != "[]" {
		t.Errorf("after the expiry: got %s, want []", got)
	}
}

// testRematch: an offer stands once; the other seat's accept starts one
// game, and a second accept none.
func testRematch(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	if _, _, err := s.Rematch(ctx, "old"); !errors.Is(err, lobby.ErrGone) {
		t.Errorf("no offer: got %v, want ErrGone", err)
	}
	for _, by := range []int{1, 0} { // the second offer finds the first
		r, err := s.OfferRematch(ctx, "old", by, epoch)
		if err != nil || r != (store.Rematch{Of: "old", By: 1}) {
			t.Errorf("offer by %d: got %+v, %v, want the offer by 1", by, r, err)
		}
	}
	if err := s.AcceptRematch(ctx, "old", 1, newGame("new-1", epoch), "t1"); !errors.Is(err, lobby.ErrGone) {
		t.Errorf("accept by the offerer: got %v, want ErrGone", err)
	}
	if err := s.AcceptRematch(ctx, "old", 0, newGame("new", epoch), "t1"); err != nil {
		t.Fatalf("accept: %v", err)
	}
	mustLoad(t, s, "new")
	if err := s.AcceptRematch(ctx, "old", 0, newGame("new-2", epoch), "t2"); !errors.Is(err, lobby.ErrGone) {
		t.Errorf("accept again: got %v, want ErrGone", err)
	}
	r, tok, err := s.Rematch(ctx, "old")
	if err != nil || r.NewGame != "new" || tok != "t1" {
		t.Errorf("got %+v %q %v, want new game new with token t1", r, tok, err)
	}
}

// testWatchers sums the spectators of a game over the servers' leases.
func testWatchers(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	lease := epoch.Add(time.Minute)
	for _, c := range []struct {
		server string
		counts map[string]int
	}{{"a", map[string]int{"g": 2, "h": 1}}, {"b", map[string]int{"g": 3}}, {"a", map[string]int{"g": 1}}} {
		if err := s.SetWatchers(ctx, c.server, c.counts, lease); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		game string
		at   time.Time
		want int
	}{{"g", epoch, 4}, {"h", epoch, 0}, {"g", lease, 0}} {
		if n, err := s.Watchers(ctx, c.game, c.at); err != nil || n != c.want {
			t.Errorf("%s at %v: got %d, %v, want %d", c.game, c.at, n, err, c.want)
		}
	}
}
