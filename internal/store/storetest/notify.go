package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

func note(kind, channel, player, game string, version int64, due time.Time) store.Note {
	return store.Note{ID: store.NoteID(kind, channel, player, game, version), Player: player, Channel: channel, Kind: kind,
		GameID: game, Version: version, Body: `{"game":"` + game + `"}`, Due: due}
}

func noteIDs(notes []store.Note) []string {
	var out []string
	for _, n := range notes {
		out = append(out, n.ID)
	}
	return out
}

// testNotesOnce checks the outbox: the same event added twice is one
// note, before or after it was sent, racing claimers never share one,
// and a note is done or retried only by its owner.
func testNotesOnce(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	a := note("turn", "push", "p1", "g1", 3, epoch)
	b := note("turn", "webhook", "p1", "g1", 3, epoch.Add(time.Second))
	later := note("turn", "push", "p2", "g2", 1, epoch.Add(time.Hour))
	for range 2 { // a second server enqueuing the same events
		if err := s.AddNotes(ctx, []store.Note{a, b, later}); err != nil {
			t.Fatal(err)
		}
	}
	now := epoch.Add(time.Minute)
	var mu sync.Mutex
	var got []string
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			notes, err := s.ClaimNotes(ctx, fmt.Sprint("owner", i), now, lease, 10)
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			got = append(got, noteIDs(notes)...)
			mu.Unlock()
		})
	}
	wg.Wait()
	slices.Sort(got)
	if want := []string{a.ID, b.ID}; !slices.Equal(got, want) {
		t.Fatalf("four racing claims got %v, want %v once each", got, want)
	}
	notes, err := s.ClaimNotes(ctx, "x", now.Add(lease), lease, 10)
	if err != nil || len(notes) != 2 || notes[0].ID != a.ID || notes[0].Attempts != 2 || notes[0].Body != a.Body {
		t.Fatalf("after the leases expired: got %+v, %v, want both again, oldest first, second attempt", notes, err)
	}
	if err := s.DoneNote(ctx, notes[0], "owner0", now); !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("done by a former owner: got %v, want ErrLeaseLost", err)
	}
	if err := s.DoneNote(ctx, notes[0], "x", now); err != nil {
		t.Errorf("done by its owner: %v", err)
	}
	if err := s.RetryNote(ctx, notes[1], "x", now.Add(time.Hour)); err != nil {
		t.Errorf("retry by its owner: %v", err)
	}
	if err := s.RetryNote(ctx, notes[1], "x", now); !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("retry of a note given back: got %v, want ErrLeaseLost", err)
	}
	if err := s.AddNotes(ctx, []store.Note{a}); err != nil { // a server that saw the change late
		t.Fatal(err)
	}
	notes, err = s.ClaimNotes(ctx, "y", now.Add(2*time.Hour), lease, 10)
	if want := []string{later.ID, b.ID}; err != nil || !slices.Equal(noteIDs(notes), want) {
		t.Errorf("got %v, %v, want %v (the done note not owed again, even added again)", noteIDs(notes), err, want)
	}
	testDoneNotesPurged(t, s, a, notes[0], now.Add(2*time.Hour))
}

// testDoneNotesPurged checks that a done note is forgotten after
// store.NoteKept: done is the note a was marked done at now-2h, and
// other a note held by "y" at now, done NoteKept later; a added again
// after that is owed again.
func testDoneNotesPurged(t *testing.T, s store.Store, a, other store.Note, now time.Time) {
	ctx := context.Background()
	if err := s.DoneNote(ctx, other, "y", now.Add(store.NoteKept)); err != nil {
		t.Fatal(err)
	}
	if err := s.AddNotes(ctx, []store.Note{a}); err != nil {
		t.Fatal(err)
	}
	notes, err := s.ClaimNotes(ctx, "z", now.Add(store.NoteKept), lease, 10)
	if err != nil || !slices.Contains(noteIDs(notes), a.ID) || slices.Contains(noteIDs(notes), other.ID) {
		t.Errorf("after NoteKept: got %v, %v, want %s owed again (its done mark purged) and not %s (done just now)", noteIDs(notes), err, a.ID, other.ID)
	}
}

// testDigest checks that a player's e-mail digest is claimed once per
// period, with all the player's "turn" e-mail notes and no one else's.
func testDigest(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	for _, p := range []string{"p1", "p2"} {
		if err := s.SetNotifySettings(ctx, store.NotifySettings{Player: p, Email: p + "@example.org", EmailOn: true,
			EmailPeriod: time.Hour, UpdatedAt: epoch}); err != nil {
			t.Fatal(err)
		}
	}
	notes := []store.Note{note("turn", "email", "p1", "g1", 2, epoch), note("turn", "email", "p1", "g2", 5, epoch.Add(time.Hour)),
		note("lowtime", "email", "p1", "g1", 2, epoch), note("turn", "email", "p2", "g1", 3, epoch), note("turn", "push", "p1", "g1", 2, epoch)}
	if err := s.AddNotes(ctx, notes); err != nil {
		t.Fatal(err)
	}
	now := epoch.Add(time.Minute)
	got, _, ok, err := s.ClaimDigest(ctx, "p1", "a", now, now.Add(time.Hour), lease)
	if want := []string{notes[0].ID, notes[1].ID}; err != nil || !ok || !slices.Equal(noteIDs(got), want) {
		t.Fatalf("first digest: got %v, %v, %v, want %v", noteIDs(got), ok, err, want)
	}
	got, wait, ok, err := s.ClaimDigest(ctx, "p1", "b", now.Add(time.Second), now.Add(time.Hour+time.Second), lease)
	if err != nil || ok || len(got) != 0 || !wait.Equal(now.Add(time.Hour)) {
		t.Errorf("second digest in the period: got %v, %v, wait %v, %v, want none until %v", noteIDs(got), ok, wait, err, now.Add(time.Hour))
	}
	ns, err := s.NotifySettings(ctx, "p1")
	if err != nil || !ns.EmailNext.Equal(now.Add(time.Hour)) {
		t.Errorf("got next digest %v, %v, want %v", ns.EmailNext, err, now.Add(time.Hour))
	}
	if err := s.SetNotifySettings(ctx, ns); err != nil {
		t.Fatal(err)
	}
	if ns, _ := s.NotifySettings(ctx, "p1"); !ns.EmailNext.Equal(now.Add(time.Hour)) {
		t.Errorf("settings saved: got next digest %v, want it kept at %v", ns.EmailNext, now.Add(time.Hour))
	}
	if _, _, ok, _ := s.ClaimDigest(ctx, "nobody", "a", now, now, lease); ok {
		t.Errorf("digest of a player without settings: got ok, want none")
	}
}

// testNotifySettings checks the settings, the subscriptions and the
// keys round trip.
func testNotifySettings(t *testing.T, open Opener) {
	s, reopen := open(t)
	ctx := context.Background()
	if ns, err := s.NotifySettings(ctx, "p1"); err != nil || ns != (store.NotifySettings{Player: "p1"}) {
		t.Errorf("no settings yet: got %+v, %v, want the zero ones", ns, err)
	}
	want := store.NotifySettings{Player: "p1", Lang: "fr", Push: true, Email: "a@example.org", EmailOn: true, EmailPeriod: 6 * time.Hour,
		EmailNext: time.UnixMilli(0).UTC(), Webhook: "https://hooks.example/x", WebhookOn: true, UpdatedAt: epoch}
	if err := s.SetNotifySettings(ctx, want); err != nil {
		t.Fatal(err)
	}
	if got, err := s.NotifySettings(ctx, "p1"); err != nil || got != want {
		t.Errorf("got %+v, %v, want %+v", got, err, want)
	}
	for i := range store.MaxPushSubscriptions + 2 {
		sub := store.PushSubscription{Endpoint: fmt.Sprintf("https://push.example/%02d", i), Player: "p1", P256dh: "k", Auth: "a",
			CreatedAt: epoch.Add(time.Duration(i) * time.Second)}
		if err := s.AddPushSubscription(ctx, sub); err != nil {
			t.Fatal(err)
		}
	}
	taken := store.PushSubscription{Endpoint: "https://push.example/11", Player: "p2", P256dh: "k2", Auth: "a2", CreatedAt: epoch.Add(time.Minute)}
	if err := s.AddPushSubscription(ctx, taken); err != nil {
		t.Fatal(err)
	}
	if err := s.RemovePushSubscription(ctx, "p1", "https://push.example/02"); err != nil {
		t.Fatal(err)
	}
	subs, err := s.PushSubscriptions(ctx, "p1")
	if err != nil || len(subs) != store.MaxPushSubscriptions-2 || subs[0].Endpoint != "https://push.example/03" {
		t.Errorf("got %d subscriptions from %+v, %v, want %d from 03 (the oldest pushed out, 02 removed, 11 taken over)",
			len(subs), subs, err, store.MaxPushSubscriptions-2)
	}
	if subs, _ := s.PushSubscriptions(ctx, "p2"); len(subs) != 1 || subs[0] != taken {
		t.Errorf("got %+v, want the taken-over subscription %+v", subs, taken)
	}
	testNotifyKey(t, s, reopen)
}

func testNotifyKey(t *testing.T, s store.Store, reopen func() (store.Store, error)) {
	ctx := context.Background()
	gen := func(pub string) func() (string, string, error) {
		return func() (string, string, error) { return pub, "private-" + pub, nil }
	}
	pub, priv, err := s.NotifyKey(ctx, "vapid", gen("first"), epoch)
	if err != nil || pub != "first" || priv != "private-first" {
		t.Fatalf("got %q %q %v, want the first pair", pub, priv, err)
	}
	s2, err := reopen()
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if pub, _, err := s2.NotifyKey(ctx, "vapid", gen("second"), epoch); err != nil || pub != "first" {
		t.Errorf("after reopening: got %q, %v, want the stored pair, first", pub, err)
	}
	failing := func() (string, string, error) { return "", "", errors.New("no randomness") }
	if _, _, err := s.NotifyKey(ctx, "other", failing, epoch); err == nil {
		t.Errorf("a key that cannot be made: got no error")
	}
}
