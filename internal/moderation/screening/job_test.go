package screening_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/moderation/screening"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/store/storetest"
)

// fakeClock is a clock the test moves.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// jobStore is the store's part the job and the test use.
type jobStore interface {
	store.Store
	store.Moderation
	screening.JobStore
}

// openStore opens the SQLite database at path, as one server does.
func openStore(t *testing.T, path string) jobStore {
	t.Helper()
	st, err := store.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st.(jobStore)
}

// ratedGame stores a finished rated oshi game rated at at, in which
// "engine" (seat 0) plays the reference engine's moves and "honest"
// random ones.
func ratedGame(t *testing.T, st store.Store, id string, seed uint64, at time.Time) {
	t.Helper()
	ctx := context.Background()
	s, err := games.Registry().New("oshi", "")
	if err != nil {
		t.Fatal(err)
	}
	ref, _ := agent.New(screening.Reference(2), 1)
	rng := rand.New(rand.NewPCG(seed, 1))
	players := [2]string{"engine", "honest"}
	g := store.Game{ID: id, Game: "oshi", Start: s.String(), Result: "ongoing", DrawOffer: store.NoOffer, TakeBackBy: store.NoOffer,
		DeclinedBy: -1, CreatedAt: at, UpdatedAt: at, Rated: true,
		Seats: [2]store.Seat{{Kind: store.Human, Player: players[0]}, {Kind: store.Human, Player: players[1]}}}
	if err := st.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	var moves []store.Move
	for s.Result() == 0 && len(moves) < 300 {
		p := int(s.ToAct())
		m := ai.RandomMove(s, rng, nil)
		if p == 0 {
			m, _, _ = ref.Choose(ctx, s, nil)
		}
		moves = append(moves, store.Move{Text: s.FormatMove(m), Player: p})
		s.Play(m)
	}
	rate := &store.RatingGame{GameID: id, Group: "oshi", Players: players, At: at, Start: store.PlayerRating{R: 1500, RD: 350, Vol: 0.06},
		Rate: func(old [2]store.PlayerRating) [2]store.PlayerRating { return old }}
	if err := st.Update(ctx, store.Update{ID: id, Append: moves, Result: "first", Reason: "test", DrawOffer: store.NoOffer,
		TakeBackBy: store.NoOffer, DeclinedBy: -1, ToAct: -1, At: at, Rating: rate}); err != nil {
		t.Fatal(err)
	}
}

// screeningJob is a job of server owner on st, judging oshi by a norm
// that any engine user is far above.
func screeningJob(st screening.JobStore, clock *fakeClock, owner string, batch int) *screening.Job {
	norm := screening.Norm{{Rating: 1000, Match: 0.3, Loss: 0.5}, {Rating: 2000, Match: 0.3, Loss: 0.5}}
	return &screening.Job{Store: st, Screener: &screening.Screener{Registry: games.Registry(), Reference: screening.Reference(2)},
		Norms: map[string]screening.Norm{"oshi": norm}, Clock: clock, Owner: owner, Batch: batch}
}

// screeningReports returns the screening reports about the engine user.
func screeningReports(t *testing.T, st store.Moderation) []moderation.Report {
	t.Helper()
	reps, err := st.ReportsAbout(context.Background(), "engine")
	if err != nil {
		t.Fatal(err)
	}
	return reps
}

// TestJobTwoServers: two servers' jobs ticking at once on one database
// run the pool once and queue the engine user once, not the honest
// player; a later run without new games queues nothing, even after the
// report is dismissed; a new rated game is new evidence, queued again.
func TestJobTwoServers(t *testing.T) {
	t.Parallel()
	testJobTwoServers(t, filepath.Join(t.TempDir(), "plateau.db"))
}

// TestJobTwoServersPostgres is TestJobTwoServers on PostgreSQL.
func TestJobTwoServersPostgres(t *testing.T) {
	dsn := storetest.PostgresDSN(t)
	t.Parallel()
	testJobTwoServers(t, storetest.FreshSchema(t, dsn, "screenjob"))
}

func testJobTwoServers(t *testing.T, path string) {
	one, two := openStore(t, path), openStore(t, path)
	clock := &fakeClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	for i := range 14 {
		ratedGame(t, one, fmt.Sprintf("g%d", i), uint64(i), clock.Now().Add(time.Duration(i)*time.Second))
	}
	clock.add(screening.DefaultSettle + time.Minute)
	jobs := []*screening.Job{screeningJob(one, clock, "one", 0), screeningJob(two, clock, "two", 0)}
	var wg sync.WaitGroup
	results := make([]screening.Result, 2)
	for i, j := range jobs {
		wg.Go(func() {
			var err error
			if results[i], err = j.Tick(context.Background()); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if got := results[0].Pools + results[1].Pools; got != 1 {
		t.Errorf("pools run by the two servers: got %d (%+v), want 1", got, results)
	}
	if got := results[0].Screened + results[1].Screened; got != 2 {
		t.Errorf("players screened: got %d, want 2", got)
	}
	reps := screeningReports(t, one)
	if len(reps) != 1 || reps[0].Reason != moderation.ScreeningReason || reps[0].Status != moderation.Open {
		t.Fatalf("reports about the engine user: got %+v, want one open screening report", reps)
	}
	if honest, _ := one.ReportsAbout(context.Background(), "honest"); len(honest) != 0 {
		t.Errorf("reports about the honest player: got %+v, want none", honest)
	}
	if ok, err := one.ResolveReport(context.Background(), reps[0].ID, moderation.Dismissed, "mod", clock.Now()); !ok || err != nil {
		t.Fatalf("dismiss: got %v %v", ok, err)
	}
	laterRuns(t, jobs, one, clock)
}

// laterRuns: no new games, nothing queued; a new game, queued again.
func laterRuns(t *testing.T, jobs []*screening.Job, st jobStore, clock *fakeClock) {
	t.Helper()
	if res, err := jobs[1].Tick(context.Background()); err != nil || res.Pools != 0 {
		t.Errorf("a tick before the pool is due: got %+v %v, want no run", res, err)
	}
	clock.add(screening.DefaultEvery)
	if res, err := jobs[1].Tick(context.Background()); err != nil || res.Pools != 1 || res.Screened != 0 || res.Queued != 0 {
		t.Errorf("a run without new games: got %+v %v, want the pool run, nobody screened", res, err)
	}
	ratedGame(t, st, "g14", 14, clock.Now())
	clock.add(screening.DefaultEvery)
	if res, err := jobs[0].Tick(context.Background()); err != nil || res.Screened != 2 || res.Queued != 1 {
		t.Errorf("a run after a new game: got %+v %v, want 2 screened, 1 queued", res, err)
	}
	if reps := screeningReports(t, st); len(reps) != 2 {
		t.Errorf("after new evidence: got %d reports, want 2", len(reps))
	}
}

// TestJobLease: a server holding the pool's lease keeps the others out
// until it runs out; the one that took it over finishes the run and the
// first one's late finish is refused.
func TestJobLease(t *testing.T) {
	t.Parallel()
	st := openStore(t, filepath.Join(t.TempDir(), "plateau.db"))
	clock := &fakeClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	for i := range 14 {
		ratedGame(t, st, fmt.Sprintf("g%d", i), uint64(i), clock.Now().Add(time.Duration(i)*time.Second))
	}
	clock.add(screening.DefaultSettle + time.Minute)
	ctx := context.Background()
	if _, ok, err := st.ClaimScreening(ctx, "oshi", "dead", clock.Now(), screening.DefaultLease); !ok || err != nil {
		t.Fatalf("claim: got %v %v", ok, err)
	}
	j := screeningJob(st, clock, "alive", 0)
	if res, err := j.Tick(ctx); err != nil || res.Pools != 0 {
		t.Errorf("while another holds the lease: got %+v %v, want no run", res, err)
	}
	clock.add(screening.DefaultLease + time.Second)
	if res, err := j.Tick(ctx); err != nil || res.Pools != 1 || res.Queued != 1 {
		t.Errorf("after the lease ran out: got %+v %v, want the run, 1 queued", res, err)
	}
	if err := st.FinishScreening(ctx, "oshi", "dead", clock.Now(), clock.Now()); !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("the dead server's finish: got %v, want ErrLeaseLost", err)
	}
}

// TestJobBatch: a run reads at most Batch rated games; the next ones
// are read by runs at once after it, until every game is read, and the
// engine user is queued once over all of them.
func TestJobBatch(t *testing.T) {
	t.Parallel()
	st := openStore(t, filepath.Join(t.TempDir(), "plateau.db"))
	clock := &fakeClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	for i := range 14 {
		ratedGame(t, st, fmt.Sprintf("g%d", i), uint64(i), clock.Now().Add(time.Duration(i/2)*time.Second))
	}
	clock.add(screening.DefaultSettle + time.Minute)
	j := screeningJob(st, clock, "one", 6) // 28 rows, four rated in each second
	runs := 0
	for range 20 {
		res, err := j.Tick(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if res.Pools == 0 {
			break
		}
		runs++
	}
	if runs < 5 || runs >= 20 {
		t.Errorf("runs: got %d, want about 28/6 and an end", runs)
	}
	if reps := screeningReports(t, st); len(reps) != 1 {
		t.Errorf("reports: got %d, want 1", len(reps))
	}
}
