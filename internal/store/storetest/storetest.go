// Package storetest is the test suite every store.Store implementation
// must pass: store_test.go runs it against SQLite always and against
// PostgreSQL when PLATEAU_TEST_POSTGRES holds a DSN (see PostgresDSN).
package storetest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// Opener returns a new empty store for one test, and a function that
// opens the same database again (to test persistence and migrations).
type Opener func(t *testing.T) (s store.Store, reopen func() (store.Store, error))

// Run runs the whole suite.
func Run(t *testing.T, open Opener) {
	tests := []struct {
		name string
		fn   func(*testing.T, Opener)
	}{
		{"CreateLoad", testCreateLoad},
		{"NotFound", testNotFound},
		{"UpdateAppend", testUpdateAppend},
		{"UpdateConflict", testUpdateConflict},
		{"UndoTruncates", testUndo},
		{"Offers", testOffers},
		{"Hints", testHints},
		{"RacingMoves", testRacing},
		{"ManyGamesConcurrently", testMany},
		{"List", testList},
		{"Records", testRecords},
		{"JobsFollowChanges", testJobsFollowChanges},
		{"JobLease", testJobLease},
		{"JobReplacedByChange", testJobReplaced},
		{"JobFailedCommit", testJobFailedCommit},
		{"JobsRacingClaims", testJobsRacing},
		{"JobsAfterReopen", testJobsReopen},
		{"LoadWhileWriting", testLoadWhileWriting},
		{"Reopen", testReopen},
		{"Listen", testListen},
		{"Pages", testPages},
		{"Expire", testExpire},
		{"Probe", testProbe},
		{"ClocksFollowChanges", testClocksFollowChanges},
		{"ClockTimeoutOnce", testClockTimeoutOnce},
		{"ClocksAfterReopen", testClocksAfterReopen},
		{"ClocksNotExpired", testClocksNotExpired},
		{"ClockWarnings", testClockWarnings},
		{"PurgeGuests", testPurgeGuests},
		{"RatingWithEnd", testRatingWithEnd},
		{"RatingWithWinningMove", testRatingWithWinningMove},
		{"Chat", testChat},
		{"Mutes", testMutes},
		{"Seeks", testSeeks},
		{"SeekAcceptRace", testAcceptRace},
		{"LobbyPresence", testLobbyPresence},
		{"Rematch", testRematch},
		{"Watchers", testWatchers},
		{"SeatPresence", testSeatPresence},
		{"SeatPresenceMany", testSeatPresenceMany},
		{"Seats", testSeats},
		{"RacingClaims", testRacingClaims},
		{"PlayerLists", testPlayerLists},
		{"APIKeys", testAPIKeys},
		{"FindPlayer", testFindPlayer},
		{"Results", testResults},
		{"RatingOnce", testRatingOnce},
		{"RatingRefused", testRatingRefused},
		{"Leaderboard", testLeaderboard},
		{"RatingPairLimit", testRatingPairLimit}, {"RatingSeatsAsStored", testRatingSeatsAsStored},
		{"DigestLease", testDigestLease}, {"AcceptPair", testAcceptPair},
		{"RatingsRacing", testRatingsRacing},
		{"PuzzleRatings", testPuzzleRatings},
		{"PuzzleRatingsRacing", testPuzzleRatingsRacing},
		{"Sessions", testSessions},
		{"Rename", testRename},
		{"NotesOnce", testNotesOnce}, {"Digest", testDigest}, {"NotifySettings", testNotifySettings},
		{"SignUp", testSignUp},
		{"PasswordChange", testPasswordChange},
		{"MergeAndDelete", testMergeAndDelete},
		{"LoginAttempts", testLoginAttempts},
		{"Ceremonies", testCeremonies},
		{"Bots", testBots},
		{"Plans", testPlans},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.fn(t, open)
		})
	}
}

var epoch = time.Date(2026, 11, 26, 1, 0, 0, 0, time.UTC)

// newGame returns a game with a human seat 0 and an AI seat 1.
func newGame(id string, at time.Time) store.Game {
	h := sha256.Sum256([]byte("token-" + id))
	return store.Game{ID: id, Game: "tictactoe", Start: "3/3/3 x",
		Seats:  [2]store.Seat{{Kind: store.Human, TokenHash: h[:]}, {Kind: store.AI, Level: 3}},
		Result: store.Ongoing, DrawOffer: store.NoOffer, Version: 1, CreatedAt: at, UpdatedAt: at,
		TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer}
}

func mustCreate(t *testing.T, s store.Store, g store.Game) {
	t.Helper()
	if err := s.Create(context.Background(), g); err != nil {
		t.Fatalf("create %s: %v", g.ID, err)
	}
}

func mustLoad(t *testing.T, s store.Store, id string) store.Game {
	t.Helper()
	g, err := s.Load(context.Background(), id)
	if err != nil {
		t.Fatalf("load %s: %v", id, err)
	}
	return g
}

func move(u store.Update, text string, player int) store.Update {
	u.Append = append(u.Append, store.Move{Text: text, Player: player})
	return u
}

func testCreateLoad(t *testing.T, open Opener) {
	s, _ := open(t)
	want := newGame("create1", epoch.Add(123*time.Millisecond))
	want.Seats[1].Level = 8
	mustCreate(t, s, want)
	got := mustLoad(t, s, "create1")
	if got.ID != want.ID || got.Game != want.Game || got.Start != want.Start || got.Result != want.Result ||
		got.Version != 1 || got.DrawOffer != store.NoOffer || len(got.Moves) != 0 {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if !got.CreatedAt.Equal(want.CreatedAt) || !got.UpdatedAt.Equal(want.UpdatedAt) {
		t.Errorf("got times %v %v, want %v", got.CreatedAt, got.UpdatedAt, want.CreatedAt)
	}
	if got.Seats[0].Kind != store.Human || !bytes.Equal(got.Seats[0].TokenHash, want.Seats[0].TokenHash) ||
		got.Seats[1].Kind != store.AI || got.Seats[1].Level != 8 || got.Seats[1].TokenHash != nil {
		t.Errorf("got seats %+v, want %+v", got.Seats, want.Seats)
	}
	if err := s.Create(context.Background(), want); err == nil {
		t.Errorf("creating the same id twice: got no error")
	}
}

func testNotFound(t *testing.T, open Opener) {
	s, _ := open(t)
	if _, err := s.Load(context.Background(), "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("load: got %v, want ErrNotFound", err)
	}
	err := s.Update(context.Background(), store.Update{ID: "nope", Version: 1, Result: store.Ongoing, At: epoch})
	if !errors.Is(err, store.ErrNotFound) {
		t.Errorf("update: got %v, want ErrNotFound", err)
	}
}

func testUpdateAppend(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	mustCreate(t, s, newGame("append1", epoch))
	u := store.Update{ID: "append1", Version: 1, Result: store.Ongoing, DrawOffer: 0, At: epoch.Add(time.Second)}
	if err := s.Update(ctx, move(u, "b2", 0)); err != nil {
		t.Fatal(err)
	}
	u = store.Update{ID: "append1", Version: 2, Keep: 1, Result: "first", Reason: "resignation", DrawOffer: store.NoOffer, At: epoch.Add(2 * time.Second)}
	if err := s.Update(ctx, move(move(u, "a1", 1), "c3", 0)); err != nil {
		t.Fatal(err)
	}
	g := mustLoad(t, s, "append1")
	want := []store.Move{{Text: "b2", Player: 0}, {Text: "a1", Player: 1}, {Text: "c3", Player: 0}}
	if fmt.Sprint(g.Moves) != fmt.Sprint(want) {
		t.Errorf("got moves %v, want %v", g.Moves, want)
	}
	if g.Version != 3 || g.Result != "first" || g.Reason != "resignation" || g.DrawOffer != store.NoOffer ||
		!g.UpdatedAt.Equal(epoch.Add(2*time.Second)) || !g.CreatedAt.Equal(epoch) {
		t.Errorf("got %+v, want version 3, first by resignation, updated 2s after creation", g)
	}
}

func testUpdateConflict(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	mustCreate(t, s, newGame("conflict1", epoch))
	if err := s.Update(ctx, move(store.Update{ID: "conflict1", Version: 1, Result: store.Ongoing, At: epoch}, "b2", 0)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		u    store.Update
	}{
		{"stale version", move(store.Update{ID: "conflict1", Version: 1, Keep: 1, Result: store.Ongoing, At: epoch}, "a1", 1)},
		{"future version", move(store.Update{ID: "conflict1", Version: 5, Keep: 1, Result: store.Ongoing, At: epoch}, "a1", 1)},
		{"keep beyond the moves", move(store.Update{ID: "conflict1", Version: 2, Keep: 2, Result: store.Ongoing, At: epoch}, "a1", 1)},
		{"keep beyond the moves, taking back", move(store.Update{ID: "conflict1", Version: 2, Keep: 2, TakeBack: true, Result: store.Ongoing, At: epoch}, "a1", 1)},
		{"keep below the moves without taking back", move(store.Update{ID: "conflict1", Version: 2, Keep: 0, Result: store.Ongoing, At: epoch}, "a1", 1)},
	} {
		if err := s.Update(ctx, tc.u); !errors.Is(err, store.ErrConflict) {
			t.Errorf("%s: got %v, want ErrConflict", tc.name, err)
		}
	}
	if g := mustLoad(t, s, "conflict1"); len(g.Moves) != 1 || g.Version != 2 {
		t.Errorf("refused updates changed the game: got %d moves, version %d, want 1 and 2", len(g.Moves), g.Version)
	}
}

func testUndo(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	mustCreate(t, s, newGame("undo1", epoch))
	u := store.Update{ID: "undo1", Version: 1, Result: store.Ongoing, At: epoch}
	if err := s.Update(ctx, move(move(move(u, "b2", 0), "a1", 1), "c3", 0)); err != nil {
		t.Fatal(err)
	}
	if err := s.Update(ctx, store.Update{ID: "undo1", Version: 2, Keep: 1, TakeBack: true, Result: store.Ongoing, At: epoch}); err != nil {
		t.Fatal(err)
	}
	if err := s.Update(ctx, move(store.Update{ID: "undo1", Version: 3, Keep: 1, Result: store.Ongoing, At: epoch}, "c1", 1)); err != nil {
		t.Fatal(err)
	}
	g := mustLoad(t, s, "undo1")
	if want := []store.Move{{Text: "b2", Player: 0}, {Text: "c1", Player: 1}}; fmt.Sprint(g.Moves) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", g.Moves, want)
	}
}

// testOffers stores a take-back request and a declined offer, with a
// move and with a take-back, and reads them back.
func testOffers(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	mustCreate(t, s, newGame("offers1", epoch))
	if g := mustLoad(t, s, "offers1"); g.TakeBackBy != store.NoOffer || g.Declined != "" || g.DeclinedBy != store.NoOffer {
		t.Errorf("new game: got take-back %d, declined %q by %d, want none", g.TakeBackBy, g.Declined, g.DeclinedBy)
	}
	steps := []store.Update{
		move(store.Update{ID: "offers1", Version: 1, Result: store.Ongoing, DrawOffer: store.NoOffer, TakeBackBy: 1, Declined: "draw", DeclinedBy: 0, At: epoch}, "b2", 0),
		{ID: "offers1", Version: 2, Keep: 1, Result: store.Ongoing, DrawOffer: 0, TakeBackBy: 0, Declined: "takeback", DeclinedBy: 1, At: epoch},
		{ID: "offers1", Version: 3, Keep: 0, TakeBack: true, Result: store.Ongoing, DrawOffer: store.NoOffer, TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, At: epoch},
	}
	for i, u := range steps {
		if err := s.Update(ctx, u); err != nil {
			t.Fatal(err)
		}
		g := mustLoad(t, s, "offers1")
		if g.DrawOffer != u.DrawOffer || g.TakeBackBy != u.TakeBackBy || g.Declined != u.Declined || g.DeclinedBy != u.DeclinedBy {
			t.Errorf("step %d: got draw %d, take-back %d, declined %q by %d, want %d, %d, %q by %d", i, g.DrawOffer,
				g.TakeBackBy, g.Declined, g.DeclinedBy, u.DrawOffer, u.TakeBackBy, u.Declined, u.DeclinedBy)
		}
	}
}

// testHints counts hints through a move, a hint alone and a take-back:
// the count only grows, whatever else a change says; it survives a
// reopen and shows in the game list.
func testHints(t *testing.T, open Opener) {
	s, reopen := open(t)
	ctx := context.Background()
	g := newGame("hints1", epoch)
	g.Hints = 2 // a created game keeps what it is given
	mustCreate(t, s, g)
	mustCreate(t, s, newGame("hints0", epoch))
	base := store.Update{ID: "hints1", Result: store.Ongoing, DrawOffer: store.NoOffer, TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, At: epoch}
	steps := []struct {
		u    store.Update
		want int
	}{
		{store.Update{Version: 1, Hint: true}, 3},
		{move(store.Update{Version: 2, Hint: true}, "b2", 0), 4},
		{move(store.Update{Version: 3, Keep: 1}, "c1", 1), 4},
		{store.Update{Version: 4, Keep: 0, TakeBack: true}, 4},
	}
	for i, st := range steps {
		u := st.u
		u.ID, u.Result, u.DrawOffer, u.TakeBackBy, u.DeclinedBy, u.At = base.ID, base.Result, base.DrawOffer, base.TakeBackBy, base.DeclinedBy, base.At
		if err := s.Update(ctx, u); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if got := mustLoad(t, s, "hints1").Hints; got != st.want {
			t.Errorf("step %d: got %d hints, want %d", i, got, st.want)
		}
	}
	if got := mustLoad(t, s, "hints0").Hints; got != 0 {
		t.Errorf("other game: got %d hints, want 0", got)
	}
	list, err := s.List(ctx, store.Filter{Status: "recent", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, sum := range list {
		if want := map[string]int{"hints1": 4}[sum.ID]; sum.Hints != want {
			t.Errorf("list %s: got %d hints, want %d", sum.ID, sum.Hints, want)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2, err := reopen()
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if got := mustLoad(t, s2, "hints1").Hints; got != 4 {
		t.Errorf("after reopen: got %d hints, want 4", got)
	}
}

// testRacing lets many writers try to store a move for the same turn:
// exactly one may win, whatever the timing.
func testRacing(t *testing.T, open Opener) {
	s, _ := open(t)
	const racers = 8
	for round := range 5 {
		id := fmt.Sprintf("race%d", round)
		mustCreate(t, s, newGame(id, epoch))
		var wins, conflicts atomic.Int32
		var wg sync.WaitGroup
		for i := range racers {
			wg.Go(func() {
				u := move(store.Update{ID: id, Version: 1, Result: store.Ongoing, At: epoch}, fmt.Sprintf("m%d", i), 0)
				switch err := s.Update(context.Background(), u); {
				case err == nil:
					wins.Add(1)
				case errors.Is(err, store.ErrConflict):
					conflicts.Add(1)
				default:
					t.Errorf("racer %d: %v", i, err)
				}
			})
		}
		wg.Wait()
		if wins.Load() != 1 || conflicts.Load() != racers-1 {
			t.Errorf("round %d: got %d wins and %d conflicts, want 1 and %d", round, wins.Load(), conflicts.Load(), racers-1)
		}
		if g := mustLoad(t, s, id); len(g.Moves) != 1 || g.Version != 2 {
			t.Errorf("round %d: got %d moves, version %d, want 1 and 2", round, len(g.Moves), g.Version)
		}
	}
}

// testMany writes to many games at once, the load group commit batches.
func testMany(t *testing.T, open Opener) {
	s, _ := open(t)
	const games, plies = 40, 6
	var wg sync.WaitGroup
	for i := range games {
		wg.Go(func() {
			id := fmt.Sprintf("many%02d", i)
			if err := s.Create(context.Background(), newGame(id, epoch)); err != nil {
				t.Error(err)
				return
			}
			for p := range plies {
				u := move(store.Update{ID: id, Version: int64(p + 1), Keep: p, Result: store.Ongoing, At: epoch}, fmt.Sprint("p", p), p%2)
				if err := s.Update(context.Background(), u); err != nil {
					t.Errorf("%s ply %d: %v", id, p, err)
					return
				}
			}
		})
	}
	wg.Wait()
	for i := range games {
		if g := mustLoad(t, s, fmt.Sprintf("many%02d", i)); len(g.Moves) != plies {
			t.Errorf("game %d: got %d moves, want %d", i, len(g.Moves), plies)
		}
	}
}

func testList(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	for i, id := range []string{"l0", "l1", "l2", "l3"} {
		mustCreate(t, s, newGame(id, epoch.Add(time.Duration(i)*time.Minute)))
	}
	fin := store.Update{ID: "l1", Version: 1, Result: "draw", Reason: "draw agreed", DrawOffer: store.NoOffer, At: epoch.Add(time.Hour)}
	if err := s.Update(ctx, move(fin, "b2", 0)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		f    store.Filter
		want string
	}{
		{store.Filter{Status: "recent", Limit: 10}, "[l1 l3 l2 l0]"},
		{store.Filter{Status: "", Limit: 2}, "[l1 l3]"},
		{store.Filter{Status: "ongoing", Limit: 10}, "[l3 l2 l0]"},
		{store.Filter{Status: "finished", Limit: 10}, "[l1]"},
	} {
		sums, err := s.List(ctx, tc.f)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, sm := range sums {
			ids = append(ids, sm.ID)
			if sm.Seats[0].TokenHash != nil {
				t.Errorf("list leaks a token hash")
			}
		}
		if got := fmt.Sprint(ids); got != tc.want {
			t.Errorf("%+v: got %s, want %s", tc.f, got, tc.want)
		}
		if tc.f.Status == "finished" && (sums[0].Plies != 1 || sums[0].Reason != "draw agreed") {
			t.Errorf("got summary %+v, want 1 ply, draw agreed", sums[0])
		}
	}
	if _, err := s.List(ctx, store.Filter{Status: "sideways", Limit: 1}); err == nil {
		t.Errorf("bad status: got no error")
	}
}

func testRecords(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	mustCreate(t, s, newGame("r0", epoch))
	mustCreate(t, s, newGame("r1", epoch.Add(time.Minute)))
	u := store.Update{ID: "r0", Version: 1, Result: "first", Reason: "three in a row", At: epoch.Add(time.Hour)}
	if err := s.Update(ctx, move(move(u, "b2", 0), "a1", 1)); err != nil {
		t.Fatal(err)
	}
	recs, err := s.Records(ctx, store.Filter{Status: "recent", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || recs[0].ID != "r0" || recs[0].Start != "3/3/3 x" || len(recs[0].Moves) != 2 ||
		recs[0].Moves[1] != (store.Move{Text: "a1", Player: 1}) || recs[1].ID != "r1" || len(recs[1].Moves) != 0 {
		t.Errorf("got %+v, want r0 with b2 a1, then r1 without moves", recs)
	}
	if recs, err := s.Records(ctx, store.Filter{Status: "ongoing", Limit: 10}); err != nil || len(recs) != 1 {
		t.Errorf("ongoing records: got %d, %v, want 1", len(recs), err)
	}
}

func testReopen(t *testing.T, open Opener) {
	s, reopen := open(t)
	mustCreate(t, s, newGame("reopen1", epoch))
	u := move(store.Update{ID: "reopen1", Version: 1, Result: store.Ongoing, At: epoch}, "b2", 0)
	if err := s.Update(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2, err := reopen()
	if err != nil {
		t.Fatalf("reopen (migrations must be idempotent): %v", err)
	}
	defer s2.Close()
	if g := mustLoad(t, s2, "reopen1"); len(g.Moves) != 1 || g.Version != 2 {
		t.Errorf("after reopen: got %d moves, version %d, want 1 and 2", len(g.Moves), g.Version)
	}
	if err := s2.Ping(context.Background()); err != nil {
		t.Errorf("ping: %v", err)
	}
}

// testListen checks that a store shared by processes announces commits
// to a second connection; stores without Listener skip it.
func testListen(t *testing.T, open Opener) {
	s, reopen := open(t)
	if _, ok := s.(store.Listener); !ok {
		t.Skip("this store serves one process")
	}
	other, err := reopen()
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	got := make(chan store.Change, 16)
	ready := make(chan struct{})
	go other.(store.Listener).Listen(ctx, func(c store.Change) { //nolint:errcheck // a failure shows as the notification never coming
		if c.ID == "listen1" {
			got <- c
		}
	})
	go waitListening(ctx, s, ready)
	<-ready
	u := move(store.Update{ID: "listen1", Version: 1, Result: store.Ongoing, At: epoch, AIToAct: true}, "b2", 0)
	if err := s.Update(ctx, u); err != nil {
		t.Fatal(err)
	}
	select {
	case c := <-got:
		if want := (store.Change{ID: "listen1", Version: 2, AIToAct: true}); c != want {
			t.Errorf("got %+v, want %+v", c, want)
		}
	case <-ctx.Done():
		t.Fatal("no notification within 30s")
	}
}

// waitListening creates the game and gives the listener a moment to
// subscribe: LISTEN takes effect only once its connection is up, and the
// store offers no hook for that.
func waitListening(ctx context.Context, s store.Store, ready chan<- struct{}) {
	_ = s.Create(ctx, newGame("listen1", epoch))
	select {
	case <-time.After(500 * time.Millisecond):
	case <-ctx.Done():
	}
	close(ready)
}

// testLoadWhileWriting loads a game while moves are added to it: every
// load must see the game row and its moves at one instant, never a move
// the row does not count yet.
func testLoadWhileWriting(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	mustCreate(t, s, newGame("lw", epoch))
	done := make(chan struct{})
	go func() {
		defer close(done)
		for p := range 150 {
			u := move(store.Update{ID: "lw", Version: int64(p + 1), Keep: p, Result: store.Ongoing, At: epoch}, fmt.Sprint("p", p), p%2)
			if err := s.Update(ctx, u); err != nil {
				t.Errorf("ply %d: %v", p, err)
				return
			}
		}
	}()
	loads := 0
	for running := true; running; loads++ {
		select {
		case <-done:
			running = false
		default:
		}
		g, err := s.Load(ctx, "lw")
		if err != nil {
			t.Fatalf("load %d while writing: %v", loads, err)
		}
		if int64(len(g.Moves)) != g.Version-1 {
			t.Fatalf("load %d: got %d moves at version %d, want %d", loads, len(g.Moves), g.Version, g.Version-1)
		}
	}
}
