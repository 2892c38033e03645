package seatapi

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/seats"
	"github.com/plateau-games/plateau/internal/store"
)

// MyGames lists player's games of a status, at most limit: those where
// it is their turn first, then by last change.
func (s *Service) MyGames(ctx context.Context, player, status string, limit int) (api.MyGames, error) {
	sums, err := s.cfg.Store.List(ctx, store.Filter{Status: status, Limit: limit, Player: player})
	if err != nil {
		return api.MyGames{}, err
	}
	names := s.NamesOf(ctx, sums)
	out := api.MyGames{Games: []api.MyGame{}}
	for _, sm := range sums {
		if g, ok := s.myGame(ctx, sm, player, names); ok {
			out.Games = append(out.Games, g)
		}
	}
	slices.SortStableFunc(out.Games, func(a, b api.MyGame) int {
		if a.YourTurn != b.YourTurn && a.YourTurn {
			return -1
		} else if a.YourTurn != b.YourTurn {
			return 1
		}
		return 0
	})
	return out, nil
}

// myGame is a game of player's list: their seats, whether it is their
// turn, who plays them; false if they hold no human seat in it.
func (s *Service) myGame(ctx context.Context, sm store.Summary, player string, names map[string]*api.PlayerRef) (api.MyGame, bool) {
	g := api.MyGame{Summary: s.cfg.Summary(sm, names)}
	var st [2]seats.Seat
	for i, seat := range sm.Seats {
		st[i] = seats.Seat{Human: seat.Kind == store.Human, Player: seat.Player}
	}
	g.Mine = seats.Mine(st, player)
	if len(g.Mine) == 0 {
		return g, false
	}
	toAct := sm.ToAct
	if toAct < 0 && sm.Result == store.Ongoing {
		// A game from before to_act was kept: the rules know.
		_ = s.cfg.With(ctx, sm.ID, func(h *room.Room) error { toAct = int(h.ToAct()); return nil })
	}
	g.YourTurn = sm.Result == store.Ongoing && slices.Contains(g.Mine, toAct) && sm.Seats[max(toAct, 0)].Kind == store.Human
	switch other := sm.Seats[1-g.Mine[0]]; {
	case len(g.Mine) == 2:
		g.Opponent = api.Opponent{Kind: "device"}
	case other.Kind == store.AI:
		g.Opponent = api.Opponent{Kind: "ai", Level: other.Level}
	case other.Player == "":
		g.Opponent = api.Opponent{Kind: "invite"}
	default:
		g.Opponent = api.Opponent{Kind: "player", Player: names[other.Player]}
	}
	return g, true
}

// Profile is player p's page: who they are, when they joined, their
// results per game and their latest public games.
func (s *Service) Profile(ctx context.Context, p api.PlayerRef, joined time.Time) (api.Profile, error) {
	counts, err := s.cfg.Store.Results(ctx, p.ID)
	if err != nil {
		return api.Profile{}, err
	}
	recent, err := s.cfg.Store.List(ctx, store.Filter{Limit: 20, Player: p.ID, Public: true})
	if err != nil {
		return api.Profile{}, err
	}
	out := api.Profile{Player: p, Joined: room.FormatTime(joined), Results: Results(counts, s.cfg.Title), Recent: []api.Summary{}}
	names := s.NamesOf(ctx, recent)
	for _, sm := range recent {
		out.Recent = append(out.Recent, s.cfg.Summary(sm, names))
	}
	return out, nil
}

// Results turns the store's counts of the seats a player held into
// wins, losses and draws per game (its options apart:
// "abraxas:board=2" counts as abraxas), titled by title.
func Results(counts []store.ResultCount, title func(game string) string) []api.GameResults {
	byGame := map[string]*api.GameResults{}
	var order []string
	for _, c := range counts {
		name, _, _ := strings.Cut(c.Game, ":")
		gr := byGame[name]
		if gr == nil {
			gr = &api.GameResults{Game: name, Title: title(name)}
			byGame[name] = gr
			order = append(order, name)
		}
		switch {
		case c.Result == "draw":
			gr.Draws += c.Count
		case (c.Result == "first") == (c.Seat == 0):
			gr.Wins += c.Count
		default:
			gr.Losses += c.Count
		}
	}
	slices.Sort(order)
	out := []api.GameResults{}
	for _, name := range order {
		out = append(out, *byGame[name])
	}
	return out
}
