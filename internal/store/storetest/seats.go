package storetest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// seatClaim returns the update that seats player in seat 1 of a game at
// version, dropping the seat's token, as accepting an invite does.
func seatClaim(id string, version int64, player string) store.Update {
	return store.Update{ID: id, Version: version, Keep: 0, Result: store.Ongoing, DrawOffer: store.NoOffer,
		TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, At: epoch.Add(time.Second), ToAct: 0,
		Seats: []store.SeatChange{{Seat: 1, Player: player}}}
}

// friendGame is a game between two humans: seat 0 the creator's, seat 1
// an invite (a token, nobody seated yet).
func friendGame(id, creator string) store.Game {
	g := newGame(id, epoch)
	inv := sha256.Sum256([]byte("invite-" + id))
	g.Seats[0].Player = creator
	g.Seats[1] = store.Seat{Kind: store.Human, TokenHash: inv[:]}
	return g
}

// testSeats stores players in seats, with a game's creation and with a
// change, and reads them back; the version check decides a claim.
func testSeats(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	g := friendGame("seat1", "alice")
	g.Private, g.ToAct = true, 1
	mustCreate(t, s, g)
	got := mustLoad(t, s, "seat1")
	if got.Seats[0].Player != "alice" || got.Seats[1].Player != "" || !got.Private || got.ToAct != 1 ||
		!bytes.Equal(got.Seats[1].TokenHash, g.Seats[1].TokenHash) {
		t.Errorf("got seats %+v private %v toAct %d, want alice and an invite, private, 1", got.Seats, got.Private, got.ToAct)
	}
	if err := s.Update(ctx, seatClaim("seat1", 1, "bob")); err != nil {
		t.Fatal(err)
	}
	if err := s.Update(ctx, seatClaim("seat1", 1, "carol")); !errors.Is(err, store.ErrConflict) {
		t.Errorf("second claim at the same version: got %v, want ErrConflict", err)
	}
	got = mustLoad(t, s, "seat1")
	if got.Seats[1].Player != "bob" || got.Seats[1].TokenHash != nil || got.Version != 2 || got.ToAct != 0 {
		t.Errorf("got seat %+v version %d toAct %d, want bob without a token at version 2, toAct 0", got.Seats[1], got.Version, got.ToAct)
	}
	bad := seatClaim("seat1", 2, "dave")
	bad.Seats[0].Seat = 2
	if err := s.Update(ctx, bad); err == nil {
		t.Errorf("seat 2: got no error")
	}
	if got := mustLoad(t, s, "seat1"); got.Version != 2 {
		t.Errorf("a refused seat change was written: version %d, want 2", got.Version)
	}
}

// testRacingClaims: players claiming one seat at once on two handles
// of the database (two servers) give one winner.
func testRacingClaims(t *testing.T, open Opener) {
	s, reopen := open(t)
	other, err := reopen()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	for round := range 5 {
		id := fmt.Sprintf("race%d", round)
		mustCreate(t, s, friendGame(id, "alice"))
		var wg sync.WaitGroup
		errs := make([]error, 6)
		for i := range errs {
			st := []store.Store{s, other}[i%2]
			wg.Go(func() { errs[i] = st.Update(context.Background(), seatClaim(id, 1, fmt.Sprintf("p%d", i))) })
		}
		wg.Wait()
		won := ""
		for i, err := range errs {
			switch {
			case err == nil && won != "":
				t.Errorf("%s: got two winners, %s and p%d", id, won, i)
			case err == nil:
				won = fmt.Sprintf("p%d", i)
			case !errors.Is(err, store.ErrConflict):
				t.Errorf("%s: p%d: got %v, want ErrConflict", id, i, err)
			}
		}
		if g := mustLoad(t, s, id); won == "" || g.Seats[1].Player != won {
			t.Errorf("%s: got seat 1 %q, want the one winner %q", id, g.Seats[1].Player, won)
		}
	}
}

// testPlayerLists: a player's games are those where they sit; the
// public lists leave private games out.
func testPlayerLists(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	a := friendGame("pl-a", "alice")
	b := friendGame("pl-b", "bob")
	b.Private = true
	c := newGame("pl-c", epoch.Add(time.Minute))
	c.Seats[0].Player = "alice"
	c.Private = true
	for _, g := range []store.Game{a, b, c} {
		mustCreate(t, s, g)
	}
	if err := s.Update(ctx, seatClaim("pl-b", 1, "alice")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		f    store.Filter
		want string
	}{
		{store.Filter{Limit: 10, Player: "alice"}, "[pl-c pl-b pl-a]"},
		{store.Filter{Limit: 10, Player: "bob"}, "[pl-b]"},
		{store.Filter{Limit: 10, Player: "nobody"}, "[]"},
		{store.Filter{Limit: 10, Public: true}, "[pl-a]"},
		{store.Filter{Limit: 10}, "[pl-c pl-b pl-a]"},
	} {
		sums, err := s.List(ctx, tc.f)
		if err != nil {
			t.Fatal(err)
		}
		ids := []string{}
		for _, sm := range sums {
			ids = append(ids, sm.ID)
		}
		if got := fmt.Sprint(ids); got != tc.want {
			t.Errorf("%+v: got %s, want %s", tc.f, got, tc.want)
		}
		games, err := s.Records(ctx, tc.f)
		if err != nil || len(games) != len(sums) {
			t.Errorf("%+v: records got %d games, %v, want %d", tc.f, len(games), err, len(sums))
		}
	}
	sums, _ := s.List(ctx, store.Filter{Limit: 10, Player: "bob"})
	if len(sums) != 1 || sums[0].Seats[0].Player != "bob" || sums[0].Seats[1].Player != "alice" || !sums[0].Private {
		t.Errorf("got summary %+v, want bob and alice seated, private", sums)
	}
}

// testAPIKeys creates, finds, lists and revokes keys; a key is a
// player's own: another player cannot revoke it.
func testAPIKeys(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	hash := func(k string) []byte { h := sha256.Sum256([]byte(k)); return h[:] }
	for i, k := range []store.APIKey{
		{ID: "k1", Hash: hash("one"), Player: "alice", Label: "bot", CreatedAt: epoch},
		{ID: "k2", Hash: hash("two"), Player: "alice", Label: "loadtest", CreatedAt: epoch.Add(time.Minute)},
		{ID: "k3", Hash: hash("three"), Player: "bob", Label: "", CreatedAt: epoch},
	} {
		if err := s.CreateKey(ctx, k); err != nil {
			t.Fatalf("key %d: %v", i, err)
		}
	}
	if err := s.CreateKey(ctx, store.APIKey{ID: "k4", Hash: hash("one"), Player: "bob", CreatedAt: epoch}); err == nil {
		t.Errorf("a second key with the same hash: got no error")
	}
	k, err := s.KeyByHash(ctx, hash("two"))
	if err != nil || k.ID != "k2" || k.Player != "alice" || k.Label != "loadtest" || !k.CreatedAt.Equal(epoch.Add(time.Minute)) {
		t.Errorf("by hash: got %+v, %v, want k2 of alice", k, err)
	}
	if _, err := s.KeyByHash(ctx, hash("nope")); !errors.Is(err, store.ErrNoKey) {
		t.Errorf("unknown hash: got %v, want ErrNoKey", err)
	}
	if err := s.RevokeKey(ctx, "bob", "k1"); !errors.Is(err, store.ErrNoKey) {
		t.Errorf("revoking another's key: got %v, want ErrNoKey", err)
	}
	if err := s.RevokeKey(ctx, "alice", "k1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.KeyByHash(ctx, hash("one")); !errors.Is(err, store.ErrNoKey) {
		t.Errorf("revoked key: got %v, want ErrNoKey", err)
	}
	keys, err := s.Keys(ctx, "alice")
	if err != nil || len(keys) != 1 || keys[0].ID != "k2" || keys[0].Hash != nil {
		t.Errorf("alice's keys: got %+v, %v, want k2 alone, without its hash", keys, err)
	}
}

// testFindPlayer finds a player by id, and by display name when only
// one player has it.
func testFindPlayer(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	for i, p := range []store.Player{
		{ID: "fp-a", Name: "Vega 1", Kind: store.PlayerGuest, JoinedAt: epoch, UpdatedAt: epoch},
		{ID: "fp-b", Name: "Twin", Kind: store.PlayerGuest, JoinedAt: epoch, UpdatedAt: epoch},
		{ID: "fp-c", Name: "Twin", Kind: store.PlayerGuest, JoinedAt: epoch, UpdatedAt: epoch},
	} {
		h := sha256.Sum256([]byte(p.ID))
		if err := s.CreateGuest(ctx, p, store.Session{TokenHash: h[:], PlayerID: p.ID, CreatedAt: epoch, ExpiresAt: epoch.Add(time.Hour)}); err != nil {
			t.Fatalf("player %d: %v", i, err)
		}
	}
	for _, tc := range []struct {
		ref, want string
	}{{"fp-a", "fp-a"}, {"Vega 1", "fp-a"}, {"fp-c", "fp-c"}, {"Twin", ""}, {"nobody", ""}} {
		got, err := s.FindPlayer(ctx, tc.ref)
		if got != tc.want || (tc.want == "") != errors.Is(err, store.ErrNoPlayer) {
			t.Errorf("%q: got %q, %v, want %q", tc.ref, got, err, tc.want)
		}
	}
	sums, err := s.Results(ctx, "fp-a")
	if err != nil || len(sums) != 0 {
		t.Errorf("results of a player with no games: got %v, %v", sums, err)
	}
}

// testResults counts a player's finished games by game, seat and
// result, leaving out games at one device and games still going on.
func testResults(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	end := func(id, result string) {
		t.Helper()
		g := mustLoad(t, s, id)
		if err := s.Update(ctx, store.Update{ID: id, Version: g.Version, Result: result, Reason: "resignation",
			DrawOffer: store.NoOffer, TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, At: epoch, ToAct: -1}); err != nil {
			t.Fatal(err)
		}
	}
	won := friendGame("r-won", "alice") // alice first, wins
	lost := newGame("r-lost", epoch)    // alice second, against the AI
	lost.Game = "tictactoe:x=1"
	lost.Seats = [2]store.Seat{{Kind: store.AI, Level: 2}, {Kind: store.Human, Player: "alice"}}
	device := friendGame("r-device", "alice")
	device.Seats[1].Player = "alice"
	going := friendGame("r-going", "alice")
	for _, g := range []store.Game{won, lost, device, going} {
		mustCreate(t, s, g)
	}
	end("r-won", "first")
	end("r-lost", "first")
	end("r-device", "draw")
	got, err := s.Results(ctx, "alice")
	if err != nil {
		t.Fatal(err)
	}
	want := "[{tictactoe 0 first 1} {tictactoe:x=1 1 first 1}]"
	if fmt.Sprint(got) != want {
		t.Errorf("got %v, want %v", got, want)
	}
}
