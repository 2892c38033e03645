package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// testDigestLease: a digest claimed and never sent (its server killed)
// is claimed by another server once its lease runs out, not a whole
// period later; one sent is not claimed again in the period.
func testDigestLease(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	if err := s.SetNotifySettings(ctx, store.NotifySettings{Player: "p1", Email: "p1@example.org", EmailOn: true,
		EmailPeriod: time.Hour, UpdatedAt: epoch}); err != nil {
		t.Fatal(err)
	}
	turn := note("turn", "email", "p1", "g1", 2, epoch)
	if err := s.AddNotes(ctx, []store.Note{turn}); err != nil {
		t.Fatal(err)
	}
	now := epoch.Add(time.Minute)
	for i, tc := range []struct {
		owner string
		at    time.Time
		ok    bool
		sent  bool
	}{
		{"a", now, true, false},                         // a claims, then dies
		{"b", now.Add(lease / 2), false, false},         // a's lease still runs
		{"b", now.Add(lease + time.Second), true, true}, // run out: b sends
		{"c", now.Add(3 * lease), false, false},         // sent: not before the period
	} {
		got, _, ok, err := s.ClaimDigest(ctx, "p1", tc.owner, tc.at, tc.at.Add(time.Hour), lease)
		if err != nil || ok != tc.ok || (ok && !slices.Equal(noteIDs(got), []string{turn.ID})) {
			t.Errorf("claim %d by %s: got %v, %v, %v, want ok %v with the note", i, tc.owner, noteIDs(got), ok, err, tc.ok)
		}
		if tc.sent {
			if err := s.DigestSent(ctx, "p1", tc.owner); err != nil {
				t.Fatal(err)
			}
		}
	}
}
