package storetest

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// testPages reads the games page by page: every game once, in order,
// ties on the update time included.
func testPages(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	var want []string
	for i := range 7 {
		id := fmt.Sprintf("p%d", i)
		mustCreate(t, s, newGame(id, epoch.Add(time.Duration(i/2)*time.Minute))) // pairs share a time
		want = append(want, id)
	}
	slices.SortFunc(want, func(a, b string) int { // newest first, then by id
		if a[1]/2 != b[1]/2 {
			return int(b[1]/2) - int(a[1]/2)
		}
		return int(a[1]) - int(b[1])
	})
	var got []string
	f := store.Filter{Status: "recent", Limit: 2}
	for range 10 {
		page, err := s.Records(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range page {
			got = append(got, g.ID)
		}
		if len(page) < f.Limit {
			break
		}
		last := page[len(page)-1]
		f.After = store.Cursor{UpdatedAt: last.UpdatedAt, ID: last.ID}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got pages %v, want %v", got, want)
	}
}

// testExpire deletes the games a human seat never moved in, once they
// are old, and nothing else.
func testExpire(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	old, cutoff := epoch, epoch.Add(24*time.Hour)
	mustCreate(t, s, newGame("x-untouched", old)) // human never moved: expires
	mustCreate(t, s, newGame("x-recent", cutoff.Add(time.Minute)))
	aiMoved := newGame("x-aimoved", old) // only the AI moved: expires
	mustCreate(t, s, aiMoved)
	mustUpdate(t, s, move(store.Update{ID: "x-aimoved", Version: 1, Result: store.Ongoing, At: old}, "b2", 1))
	mustCreate(t, s, newGame("x-played", old)) // the human moved: kept
	mustUpdate(t, s, move(store.Update{ID: "x-played", Version: 1, Result: store.Ongoing, At: old}, "b2", 0))
	mustCreate(t, s, newGame("x-over", old)) // finished: kept
	mustUpdate(t, s, store.Update{ID: "x-over", Version: 1, Result: "second", Reason: "resignation", At: old})
	invite := newGame("x-invite", old) // two humans, the second never came: expires
	invite.Seats[1] = store.Seat{Kind: store.Human, TokenHash: invite.Seats[0].TokenHash}
	mustCreate(t, s, invite)
	mustUpdate(t, s, move(store.Update{ID: "x-invite", Version: 1, Result: store.Ongoing, At: old}, "b2", 0))
	robots := newGame("x-robots", old) // no human seat: kept
	robots.Seats[0] = store.Seat{Kind: store.AI, Level: 1}
	mustCreate(t, s, robots)

	ids, err := s.Expire(ctx, cutoff)
	slices.Sort(ids)
	if err != nil || fmt.Sprint(ids) != "[x-aimoved x-invite x-untouched]" {
		t.Errorf("got %v, %v, want [x-aimoved x-invite x-untouched]", ids, err)
	}
	for _, id := range []string{"x-recent", "x-played", "x-over", "x-robots"} {
		mustLoad(t, s, id)
	}
	if _, err := s.Load(ctx, "x-aimoved"); err == nil {
		t.Errorf("x-aimoved is still there")
	}
	if ids, err := s.Expire(ctx, cutoff); err != nil || len(ids) != 0 {
		t.Errorf("again: got %v, %v, want nothing", ids, err)
	}
}

func mustUpdate(t *testing.T, s store.Store, u store.Update) {
	t.Helper()
	if err := s.Update(context.Background(), u); err != nil {
		t.Fatalf("update %s: %v", u.ID, err)
	}
}

func testProbe(t *testing.T, open Opener) {
	s, _ := open(t)
	for range 2 { // the first writes the row, the second rewrites it
		if err := s.Probe(context.Background()); err != nil {
			t.Errorf("probe: %v", err)
		}
	}
}
