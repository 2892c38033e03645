package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// timedGame returns a game between two humans with a real-time clock
// that runs out at deadline.
func timedGame(id string, deadline time.Time) store.Game {
	g := newGame(id, epoch)
	g.Seats[1] = g.Seats[0]
	g.Clock = store.Clock{Control: "1+0", Left: [2]time.Duration{time.Minute, time.Minute}, Running: 0,
		Since: epoch, YearStart: epoch, Deadline: deadline}
	return g
}

func dueClocks(t *testing.T, s store.Store, now time.Time) string {
	t.Helper()
	ids, err := s.DueClocks(context.Background(), now, 10)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprint(ids)
}

// testClocksFollowChanges checks that a game's clock is written with
// the change that sets it, read back with the game, and found due once
// its deadline passes (and not before, nor once no clock runs).
func testClocksFollowChanges(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	mustCreate(t, s, newGame("untimed", epoch))
	mustCreate(t, s, timedGame("late", epoch.Add(time.Minute)))
	mustCreate(t, s, timedGame("early", epoch.Add(30*time.Second)))
	if c := mustLoad(t, s, "untimed").Clock; c.Control != "" || !c.Deadline.IsZero() {
		t.Errorf("untimed game: got clock %+v, want none", c)
	}
	got := mustLoad(t, s, "late").Clock
	if want := timedGame("late", epoch.Add(time.Minute)).Clock; !clocksEqual(got, want) {
		t.Errorf("loaded clock: got %+v, want %+v", got, want)
	}
	for _, tc := range []struct {
		at   time.Duration
		want string
	}{{29 * time.Second, "[]"}, {30 * time.Second, "[early]"}, {time.Hour, "[early late]"}} {
		if got := dueClocks(t, s, epoch.Add(tc.at)); got != tc.want {
			t.Errorf("due at +%v: got %s, want %s", tc.at, got, tc.want)
		}
	}
	if next, err := s.NextDeadline(ctx); err != nil || !next.Equal(epoch.Add(30*time.Second)) {
		t.Errorf("next deadline: got %v, %v, want %v", next, err, epoch.Add(30*time.Second))
	}
	// A move hands the clock over: the new deadline replaces the old.
	c := timedGame("early", epoch.Add(2*time.Minute)).Clock
	c.Running, c.Moved = 1, [2]bool{true, false}
	u := move(store.Update{ID: "early", Version: 1, Result: store.Ongoing, At: epoch.Add(10 * time.Second), Clock: &c}, "b2", 0)
	if err := s.Update(ctx, u); err != nil {
		t.Fatal(err)
	}
	if got := mustLoad(t, s, "early").Clock; !clocksEqual(got, c) {
		t.Errorf("after a move: got clock %+v, want %+v", got, c)
	}
	// A change without a clock (a draw offer) leaves it as it was.
	if err := s.Update(ctx, store.Update{ID: "early", Version: 2, Keep: 1, Result: store.Ongoing, DrawOffer: 0, At: epoch.Add(11 * time.Second)}); err != nil {
		t.Fatal(err)
	}
	if got := dueClocks(t, s, epoch.Add(time.Hour)); got != "[late early]" {
		t.Errorf("due after the move: got %s, want [late early]", got)
	}
	// The game ends: no clock runs, nothing is due.
	c.Running, c.Deadline = -1, time.Time{}
	if err := s.Update(ctx, store.Update{ID: "early", Version: 3, Keep: 1, Result: "first", Reason: "time out", At: epoch.Add(12 * time.Second), Clock: &c}); err != nil {
		t.Fatal(err)
	}
	if got := dueClocks(t, s, epoch.Add(time.Hour)); got != "[late]" {
		t.Errorf("due after the end: got %s, want [late]", got)
	}
}

func clocksEqual(a, b store.Clock) bool {
	return a.Control == b.Control && a.Left == b.Left && a.Running == b.Running && a.Since.Equal(b.Since) &&
		a.Moved == b.Moved && a.YearStart.Equal(b.YearStart) && a.Deadline.Equal(b.Deadline) && a.Warn.Equal(b.Warn)
}

// testClockTimeoutOnce is the deadline claim: several servers see the
// same deadline pass and each writes the timeout at the version it read.
// The compare-and-set lets exactly one of them through.
func testClockTimeoutOnce(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	mustCreate(t, s, timedGame("flag", epoch.Add(time.Minute)))
	const servers = 8
	var wg sync.WaitGroup
	errs := make([]error, servers)
	for i := range servers {
		wg.Go(func() {
			c := store.Clock{Control: "1+0", Running: -1, Since: epoch, YearStart: epoch}
			errs[i] = s.Update(ctx, store.Update{ID: "flag", Version: 1, Result: "second", Reason: "time out",
				DrawOffer: store.NoOffer, At: epoch.Add(time.Minute), Clock: &c})
		})
	}
	wg.Wait()
	won := 0
	for i, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, store.ErrConflict):
			t.Errorf("server %d: got %v, want nil or ErrConflict", i, err)
		}
	}
	if won != 1 {
		t.Errorf("got %d timeouts written, want 1", won)
	}
	if g := mustLoad(t, s, "flag"); g.Version != 2 || g.Result != "second" || !g.Clock.Deadline.IsZero() {
		t.Errorf("got version %d result %s deadline %v, want 2, second, none", g.Version, g.Result, g.Clock.Deadline)
	}
	if got := dueClocks(t, s, epoch.Add(time.Hour)); got != "[]" {
		t.Errorf("due after the timeout: got %s, want []", got)
	}
}

// testClocksNotExpired checks that a timed game nobody moved in is left
// to its clock, which aborts it, rather than deleted as abandoned.
func testClocksNotExpired(t *testing.T, open Opener) {
	s, _ := open(t)
	mustCreate(t, s, timedGame("timed", epoch.Add(time.Minute)))
	mustCreate(t, s, newGame("untimed", epoch))
	ids, err := s.Expire(context.Background(), epoch.Add(48*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(ids); got != "[untimed]" {
		t.Errorf("expired: got %s, want [untimed]", got)
	}
}

// testClocksAfterReopen checks that a deadline outlives the process: a
// restarted server finds it due.
func testClocksAfterReopen(t *testing.T, open Opener) {
	s, reopen := open(t)
	mustCreate(t, s, timedGame("durable", epoch.Add(time.Minute)))
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2, err := reopen()
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if got := dueClocks(t, s2, epoch.Add(time.Minute)); got != "[durable]" {
		t.Errorf("due after reopening: got %s, want [durable]", got)
	}
}

// corrGame returns a correspondence game whose running player is to be
// warned at warn.
func corrGame(id string, warn time.Time) store.Game {
	g := newGame(id, epoch)
	g.Seats[1] = g.Seats[0]
	g.Clock = store.Clock{Control: "1d/0", Running: 0, Since: epoch, YearStart: epoch,
		Deadline: warn.Add(6 * time.Hour), Warn: warn}
	return g
}

func dueWarnings(t *testing.T, s store.Store, now time.Time) string {
	t.Helper()
	ws, err := s.DueWarnings(context.Background(), now, 10)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, w := range ws {
		out = append(out, fmt.Sprintf("%s@%v", w.Game, w.At.Sub(epoch)))
	}
	return fmt.Sprint(out)
}

// testClockWarnings checks the "about to time out" warnings: due in
// order once their time passes, the earliest wakes the servers, one
// claim of several racing wins and only its notes are written, and a
// warning a move replaced (a new turn's) is not claimed, nor its notes
// written, by a server that read the old one.
func testClockWarnings(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	mustCreate(t, s, corrGame("late", epoch.Add(20*time.Hour)))
	mustCreate(t, s, corrGame("early", epoch.Add(18*time.Hour)))
	mustCreate(t, s, timedGame("realtime", epoch.Add(time.Minute)))
	if next, err := s.NextDeadline(ctx); err != nil || !next.Equal(epoch.Add(time.Minute)) {
		t.Errorf("next: got %v, %v, want the real-time deadline at +1m", next.Sub(epoch), err)
	}
	if got := dueWarnings(t, s, epoch.Add(19*time.Hour)); got != "[early@18h0m0s]" {
		t.Errorf("due at 19h: got %s, want [early@18h0m0s]", got)
	}
	if got := dueWarnings(t, s, epoch.Add(21*time.Hour)); got != "[early@18h0m0s late@20h0m0s]" {
		t.Errorf("due at 21h: got %s, want both, earliest first", got)
	}
	w := store.Warning{Game: "early", At: epoch.Add(18 * time.Hour)}
	const servers = 8
	var wg sync.WaitGroup
	won := make([]bool, servers)
	for i := range servers {
		wg.Go(func() {
			// Distinct names, so that a second claim's note would show.
			ok, err := s.ClaimWarning(ctx, w, []store.Note{note("lowtime", "email", "p1", "early", int64(i), epoch)})
			if err != nil {
				t.Errorf("server %d: %v", i, err)
			}
			won[i] = ok
		})
	}
	wg.Wait()
	if n := countTrue(won); n != 1 {
		t.Errorf("got %d claims of one warning, want 1", n)
	}
	if notes := claimAllNotes(t, s, epoch.Add(21*time.Hour)); len(notes) != 1 || !won[notes[0].Version] {
		t.Errorf("got notes %+v, want one, the winning claim's", notes)
	}
	if got := dueWarnings(t, s, epoch.Add(21*time.Hour)); got != "[late@20h0m0s]" {
		t.Errorf("due once claimed: got %s, want [late@20h0m0s]", got)
	}
	// A move gives "late" a new turn, warned two days on.
	c := corrGame("late", epoch.Add(68*time.Hour)).Clock
	mustUpdate(t, s, move(store.Update{ID: "late", Version: 1, Result: store.Ongoing, At: epoch.Add(19 * time.Hour), Clock: &c}, "a1", 0))
	stale := []store.Note{note("lowtime", "email", "p1", "late", 0, epoch)}
	if ok, err := s.ClaimWarning(ctx, store.Warning{Game: "late", At: epoch.Add(20 * time.Hour)}, stale); ok || err != nil {
		t.Errorf("claim of a replaced warning: got %v, %v, want false, nil", ok, err)
	}
	if notes := claimAllNotes(t, s, epoch.Add(21*time.Hour)); len(notes) != 0 {
		t.Errorf("got notes %+v from a replaced warning, want none", notes)
	}
	if got := mustLoad(t, s, "late").Clock; !got.Warn.Equal(epoch.Add(68 * time.Hour)) {
		t.Errorf("warning after the move: got %v, want +68h", got.Warn.Sub(epoch))
	}
}

// claimAllNotes claims every note due at now.
func claimAllNotes(t *testing.T, s store.Store, now time.Time) []store.Note {
	t.Helper()
	notes, err := s.ClaimNotes(context.Background(), "check", now, time.Minute, 100)
	if err != nil {
		t.Fatal(err)
	}
	return notes
}

func countTrue(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}
