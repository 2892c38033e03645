package storetest

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// lease is the lease of the jobs tests; their clock is the times they
// pass, so nothing waits for a lease to expire.
const lease = 10 * time.Second

func claim(t *testing.T, s store.Store, owner string, now time.Time, n int) []store.Job {
	t.Helper()
	jobs, err := s.ClaimJobs(context.Background(), owner, now, lease, n)
	if err != nil {
		t.Fatalf("claim by %s: %v", owner, err)
	}
	return jobs
}

func jobIDs(jobs []store.Job) string {
	var out []string
	for _, j := range jobs {
		out = append(out, fmt.Sprintf("%s@%d", j.GameID, j.Version))
	}
	return fmt.Sprint(out)
}

func dueJobs(t *testing.T, s store.Store, now time.Time) int {
	t.Helper()
	n, err := s.DueJobs(context.Background(), now)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// testJobsFollowChanges checks that creating and updating a game write
// its AI job in the same transaction: owed at the new version, or gone.
func testJobsFollowChanges(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	mustCreate(t, s, newGame("jf0", epoch))
	first := newGame("jf1", epoch.Add(time.Second))
	first.AIToAct = true
	mustCreate(t, s, first)
	u := move(store.Update{ID: "jf0", Version: 1, Result: store.Ongoing, At: epoch.Add(2 * time.Second), AIToAct: true}, "b2", 0)
	if err := s.Update(ctx, u); err != nil {
		t.Fatal(err)
	}
	now := epoch.Add(time.Minute)
	if n := dueJobs(t, s, now); n != 2 {
		t.Errorf("got %d due jobs, want 2", n)
	}
	if n := dueJobs(t, s, epoch.Add(1500*time.Millisecond)); n != 1 {
		t.Errorf("before the second is due: got %d due jobs, want 1", n)
	}
	jobs := claim(t, s, "a", now, 10)
	if got, want := jobIDs(jobs), "[jf1@1 jf0@2]"; got != want {
		t.Fatalf("got jobs %s, want %s (oldest due first)", got, want)
	}
	if !jobs[0].Due.Equal(first.CreatedAt) || !jobs[1].Due.Equal(u.At) || jobs[0].Attempts != 1 {
		t.Errorf("got %+v, want due at creation and at the move, first attempt", jobs)
	}
	// The AI's answer leaves a human to act: the same write ends the job.
	ai := move(store.Update{ID: "jf0", Version: 2, Keep: 1, Result: store.Ongoing, At: now}, "a1", 1)
	if err := s.Update(ctx, ai); err != nil {
		t.Fatal(err)
	}
	if err := s.RenewJob(ctx, jobs[1], "a", now.Add(lease)); !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("renewing a paid job: got %v, want ErrLeaseLost", err)
	}
	later := now.Add(time.Hour)
	if got := jobIDs(claim(t, s, "b", later, 10)); got != "[jf1@1]" {
		t.Errorf("after the AI's move: got jobs %s, want only jf1's (lease expired)", got)
	}
}

// testJobLease walks a job through claim, lease, renewal, expiry,
// release and drop, with the clock in the test's hands.
func testJobLease(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	for i, id := range []string{"jl0", "jl1"} {
		g := newGame(id, epoch.Add(time.Duration(i)*time.Second))
		g.AIToAct = true
		mustCreate(t, s, g)
	}
	now := epoch.Add(time.Minute)
	a := claim(t, s, "a", now, 1)
	if got := jobIDs(a); got != "[jl0@1]" {
		t.Fatalf("got %s, want the oldest job, jl0", got)
	}
	if got := jobIDs(claim(t, s, "b", now, 5)); got != "[jl1@1]" {
		t.Errorf("second claimer: got %s, want jl1 only (jl0 is leased)", got)
	}
	if got := claim(t, s, "c", now.Add(lease-time.Millisecond), 5); len(got) != 0 {
		t.Errorf("within the leases: got %s, want nothing", jobIDs(got))
	}
	if err := s.RenewJob(ctx, a[0], "a", now.Add(2*lease)); err != nil {
		t.Fatalf("renew: %v", err)
	}
	c1 := claim(t, s, "c", now.Add(lease+time.Millisecond), 5)
	if got := jobIDs(c1); got != "[jl1@1]" {
		t.Fatalf("after b's lease expired: got %s, want jl1 (a renewed jl0)", got)
	}
	if err := s.DropJob(ctx, c1[0], "c"); err != nil {
		t.Fatalf("drop: %v", err)
	}
	expired := now.Add(2*lease + time.Millisecond)
	taken := claim(t, s, "c", expired, 5)
	if got := jobIDs(taken); got != "[jl0@1]" || taken[0].Attempts != 2 {
		t.Errorf("after a's renewed lease expired: got %s %+v, want jl0, second attempt", got, taken)
	}
	for name, err := range map[string]error{
		"renew":   s.RenewJob(ctx, a[0], "a", expired.Add(lease)),
		"release": s.ReleaseJob(ctx, a[0], "a", expired),
		"drop":    s.DropJob(ctx, a[0], "a"),
	} {
		if !errors.Is(err, store.ErrLeaseLost) {
			t.Errorf("%s by the former owner: got %v, want ErrLeaseLost", name, err)
		}
	}
	retry := expired.Add(5 * time.Second)
	if err := s.ReleaseJob(ctx, taken[0], "c", retry); err != nil {
		t.Fatalf("release: %v", err)
	}
	if got := claim(t, s, "d", retry.Add(-time.Millisecond), 5); len(got) != 0 {
		t.Errorf("before the retry is due: got %s, want nothing", jobIDs(got))
	}
	again := claim(t, s, "d", retry, 5)
	if got := jobIDs(again); got != "[jl0@1]" {
		t.Fatalf("when the retry is due: got %s, want jl0", got)
	}
	if err := s.DropJob(ctx, again[0], "d"); err != nil {
		t.Fatalf("drop: %v", err)
	}
	if got := claim(t, s, "e", retry.Add(time.Hour), 5); len(got) != 0 {
		t.Errorf("after the drops: got %s, want nothing", jobIDs(got))
	}
}

// testJobReplaced checks that a change of the game (an undo while the AI
// thinks) takes the job from its owner and queues the new one at once.
func testJobReplaced(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	mustCreate(t, s, newGame("jr", epoch))
	u := move(store.Update{ID: "jr", Version: 1, Result: store.Ongoing, At: epoch, AIToAct: true}, "b2", 0)
	if err := s.Update(ctx, u); err != nil {
		t.Fatal(err)
	}
	now := epoch.Add(time.Second)
	held := claim(t, s, "a", now, 1)
	if len(held) != 1 {
		t.Fatalf("got %s, want jr's job", jobIDs(held))
	}
	redo := move(store.Update{ID: "jr", Version: 2, Keep: 0, TakeBack: true, Result: store.Ongoing, At: now, AIToAct: true}, "c3", 0)
	if err := s.Update(ctx, redo); err != nil {
		t.Fatal(err)
	}
	if err := s.RenewJob(ctx, held[0], "a", now.Add(lease)); !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("renewing the replaced job: got %v, want ErrLeaseLost", err)
	}
	if got := jobIDs(claim(t, s, "b", now, 5)); got != "[jr@3]" {
		t.Errorf("got %s, want the new job jr@3, claimable at once", got)
	}
}

// testJobFailedCommit checks that an AI move that fails to commit (here
// a conflict) leaves its job in place for a retry.
func testJobFailedCommit(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	g := newGame("jc", epoch)
	g.AIToAct = true
	mustCreate(t, s, g)
	held := claim(t, s, "a", epoch, 1)
	stale := move(store.Update{ID: "jc", Version: 7, Result: store.Ongoing, At: epoch}, "a1", 1)
	if err := s.Update(ctx, stale); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("got %v, want ErrConflict", err)
	}
	if err := s.RenewJob(ctx, held[0], "a", epoch.Add(lease)); err != nil {
		t.Errorf("the job after a failed commit: got %v, want it still held", err)
	}
}

// testJobsRacing lets several servers claim at once: every job goes to
// exactly one of them.
func testJobsRacing(t *testing.T, open Opener) {
	s, _ := open(t)
	const jobs, claimers = 30, 4
	for i := range jobs {
		g := newGame(fmt.Sprintf("jx%02d", i), epoch.Add(time.Duration(i)*time.Millisecond))
		g.AIToAct = true
		mustCreate(t, s, g)
	}
	now := epoch.Add(time.Minute)
	var mu sync.Mutex
	var got []string
	var wg sync.WaitGroup
	for c := range claimers {
		wg.Go(func() {
			for {
				js, err := s.ClaimJobs(context.Background(), fmt.Sprint("owner", c), now, lease, 3)
				if err != nil {
					t.Errorf("claimer %d: %v", c, err)
					return
				}
				if len(js) == 0 {
					return
				}
				mu.Lock()
				for _, j := range js {
					got = append(got, j.GameID)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	sort.Strings(got)
	var want []string
	for i := range jobs {
		want = append(want, fmt.Sprintf("jx%02d", i))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got claims %v, want each of the %d jobs once", got, jobs)
	}
}

// testJobsReopen checks what a restart does to a lease: a store that
// serves one process (no Listener) frees it, since its holder is dead; a
// shared one keeps it until it expires, as its holder may be alive.
func testJobsReopen(t *testing.T, open Opener) {
	s, reopen := open(t)
	g := newGame("jo", epoch)
	g.AIToAct = true
	mustCreate(t, s, g)
	if got := claim(t, s, "a", epoch, 1); len(got) != 1 {
		t.Fatalf("got %s, want jo's job", jobIDs(got))
	}
	_, shared := s.(store.Listener)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2, err := reopen()
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	got := claim(t, s2, "b", epoch, 1)
	if want := map[bool]int{false: 1, true: 0}[shared]; len(got) != want {
		t.Errorf("after reopening (shared %v): got %s, want %d jobs", shared, jobIDs(got), want)
	}
}
