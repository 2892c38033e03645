package tournaments_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/store/storetest"
	"github.com/plateau-games/plateau/internal/tournaments"
)

// tourStore is the store as the runner and these tests use it.
type tourStore interface {
	store.Store
	tournaments.Store
	LoadTournament(ctx context.Context, id string) (store.Tournament, error)
	JoinTournament(ctx context.Context, p store.TourPlayer, rule store.TourJoin) error
	WithdrawTournament(ctx context.Context, tid, player string, at time.Time) error
	RecentTimeouts(ctx context.Context, player string, since time.Time) (int, error)
	SetBlock(ctx context.Context, blocker, blocked string, on bool, max int, at time.Time) error
	tournaments.BlockLister
}

// dialects runs fn on SQLite always and on PostgreSQL too when
// PLATEAU_TEST_POSTGRES is set; open opens the one database again, as
// another server would.
func dialects(t *testing.T, fn func(t *testing.T, open func() tourStore)) {
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "t.db")
		fn(t, openAt(t, path))
	})
	t.Run("postgres", func(t *testing.T) {
		dsn := storetest.FreshSchema(t, storetest.PostgresDSN(t), "tour")
		fn(t, openAt(t, dsn))
	})
}

func openAt(t testing.TB, dsn string) func() tourStore {
	return func() tourStore {
		s, err := store.Open(context.Background(), dsn, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		ts, ok := s.(tourStore)
		if !ok {
			t.Fatalf("the store %T does not keep tournaments", s)
		}
		return ts
	}
}

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
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// maker creates games in the games table, counting creations per id;
// fail makes the next calls fail before (kill) or after (killAfter)
// creating, as a server killed at that moment would.
type maker struct {
	s         store.Store
	mu        sync.Mutex
	created   map[string]int
	kill      int
	killAfter int
	// live checks that the second game of a pair is created only once
	// the first is over, as in a live event; overlaps counts the others.
	live     bool
	overlaps int
}

var errKilled = errors.New("kill -9")

func (m *maker) CreateTournamentGame(ctx context.Context, g tournaments.NewGame) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.kill > 0 {
		m.kill--
		return errKilled
	}
	if _, err := m.s.Load(ctx, g.ID); err == nil {
		return nil // created before a kill: nothing to do
	}
	if first, ok := strings.CutSuffix(g.ID, "l1"); m.live && ok {
		if prev, err := m.s.Load(ctx, first+"l0"); err != nil || prev.Result == store.Ongoing {
			m.overlaps++
		}
	}
	at := time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC)
	err := m.s.Create(ctx, store.Game{ID: g.ID, Game: "tictactoe", Start: "3/3/3 x",
		Seats:  [2]store.Seat{{Kind: store.Human, Player: g.First}, {Kind: store.Human, Player: g.Second}},
		Result: store.Ongoing, DrawOffer: store.NoOffer, Version: 1, CreatedAt: at, UpdatedAt: at,
		TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, Rated: g.Rated, ToAct: 0})
	if err != nil {
		return err
	}
	if m.created == nil {
		m.created = map[string]int{}
	}
	m.created[g.ID]++
	if m.killAfter > 0 {
		m.killAfter--
		return errKilled
	}
	return nil
}

// notes counts notices by their identity, as the outbox keys them.
type notes struct {
	mu   sync.Mutex
	seen map[tournaments.Notice]int
}

func (n *notes) TournamentNotices(_ context.Context, ns []tournaments.Notice) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.seen == nil {
		n.seen = map[tournaments.Notice]int{}
	}
	for _, x := range ns {
		n.seen[x]++
	}
	return nil
}

var start = time.Date(2026, 12, 5, 20, 0, 0, 0, time.UTC)

func newEvent(t testing.TB, s tourStore, id string, c tournaments.Config, players int) {
	t.Helper()
	ctx := context.Background()
	err := s.CreateTournament(ctx, store.Tournament{ID: id, Game: "tictactoe", Format: string(c.Format), Name: c.Name,
		Settings: tournaments.EncodeConfig(c), State: store.TourOpen, StartsAt: c.StartsAt, CreatedAt: start.Add(-time.Hour), Due: c.StartsAt})
	if err != nil {
		t.Fatal(err)
	}
	for i := range players {
		p := store.TourPlayer{TournamentID: id, PlayerID: fmt.Sprintf("p%d", i), Name: fmt.Sprintf("P%d", i),
			Rating: 1500 + 10*i, JoinedAt: start.Add(-time.Minute)}
		if err := s.JoinTournament(ctx, p, store.TourJoin{States: []string{store.TourOpen}}); err != nil {
			t.Fatal(err)
		}
	}
}

// finishGames ends every ongoing game of the event, the first player
// winning with probability one half, else a draw or a loss.
func finishGames(t testing.TB, s tourStore, tid string, rng *rand.Rand, at time.Time) {
	t.Helper()
	finishSome(t, s, tid, rng, at, 1)
}

// finishSome ends each ongoing game of the event with probability p.
func finishSome(t testing.TB, s tourStore, tid string, rng *rand.Rand, at time.Time, prob float64) int {
	t.Helper()
	n := 0
	ctx := context.Background()
	rows, err := s.TournamentPairings(ctx, tid)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range rows {
		if !p.Created || p.Second == "" || p.Result != "" {
			continue
		}
		g, err := s.Load(ctx, p.GameID)
		if err != nil || g.Result != store.Ongoing || rng.Float64() >= prob {
			continue
		}
		n++
		res := []string{"first", "second", "draw"}[rng.IntN(3)]
		err = s.Update(ctx, store.Update{ID: g.ID, Version: g.Version, Result: res, Reason: "rules", DrawOffer: store.NoOffer,
			TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, At: at, ToAct: -1})
		if err != nil && !errors.Is(err, store.ErrConflict) {
			t.Fatal(err)
		}
	}
	return n
}
