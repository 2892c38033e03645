package tournaments_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tournaments"
)

// events is the store of one event at a time; the runner's methods are
// never called here.
type events struct {
	tournaments.ServiceStore
	t      store.Tournament
	joined []store.TourPlayer
}

func (e *events) CreateTournament(_ context.Context, t store.Tournament) error { e.t = t; return nil }
func (e *events) LoadTournament(context.Context, string) (store.Tournament, error) {
	return e.t, nil
}
func (e *events) RecentTimeouts(context.Context, string, time.Time) (int, error) { return 0, nil }
func (e *events) JoinTournament(_ context.Context, p store.TourPlayer, rule store.TourJoin) error {
	e.joined = append(e.joined, p)
	return nil
}

// accounts knows every player as a month old, rated 1612.4.
type accounts struct{ now time.Time }

func (a accounts) LoadPlayer(_ context.Context, id string) (store.Player, error) {
	return store.Player{ID: id, JoinedAt: a.now.AddDate(0, -1, 0)}, nil
}
func (a accounts) Rating(context.Context, string, string) (store.PlayerRating, bool, error) {
	return store.PlayerRating{R: 1612.4, Games: 3}, true, nil
}

type fixedClock struct{ t time.Time }

func (c fixedClock) Now() time.Time { return c.t }

// TestServiceCreateJoin creates an event with the default clock, refuses
// bad requests with their kind, and enters a player at their rating.
func TestServiceCreateJoin(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	st := &events{}
	s := &tournaments.Service{Store: st, Accounts: accounts{now}, Registry: games.Registry(), Clock: fixedClock{now},
		Names: func(_ context.Context, id string) api.PlayerRef { return api.PlayerRef{ID: id} }, NewID: func() string { return "t1" }}
	ctx := context.Background()
	req := api.TournamentCreate{Game: "oshi", Format: "roundrobin", Name: " Spring ", MinPlayers: 2, Division: 4,
		RoundTime: 7 * 24 * 3600, StartsAt: now.Add(time.Hour)}
	out, err := s.Create(ctx, req, "owner")
	if err != nil || out.ID != "t1" || out.Name != "Spring" || out.TimeControl != "3d/0" || !out.Rated {
		t.Fatalf("created %+v, %v", out, err)
	}
	for _, bad := range []func(*api.TournamentCreate){
		func(r *api.TournamentCreate) { r.Game = "nogame" },
		func(r *api.TournamentCreate) { r.TimeControl = "untimed" },
	} {
		r := req
		bad(&r)
		if _, err := s.Create(ctx, r, "owner"); !errors.Is(err, tournaments.ErrBadRequest) {
			t.Errorf("%+v: %v, want ErrBadRequest", r, err)
		}
	}
	r := req
	r.Name = ""
	if _, err := s.Create(ctx, r, "owner"); !errors.Is(err, tournaments.ErrName) {
		t.Errorf("no name: %v", err)
	} else if kind, text := tournaments.Explain(err); kind != tournaments.Malformed || text == nil {
		t.Errorf("no name explained as %v, %v", kind, text)
	}
	if err := s.Join(ctx, "t1", "ada", "Ada"); err != nil || len(st.joined) != 1 || st.joined[0].Rating != 1612 {
		t.Fatalf("joined %+v, %v", st.joined, err)
	}
}
