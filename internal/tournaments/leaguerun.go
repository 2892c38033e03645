package tournaments

import (
	"context"
	"errors"
	"slices"

	"github.com/plateau-games/plateau/internal/store"
)

// leagueMove is how many players go up and down between two divisions:
// two in divisions of eight or more, else one.
func leagueMove(size int) int {
	if size >= 8 {
		return 2
	}
	return 1
}

// leagueDivisions are a season's divisions: the places the last season
// gave (Division 1 the top, stored with each entry), newcomers (0) by
// rating into the bottom one; the first season cuts by rating.
func (e *event) leagueDivisions(ps []Player) ([][]Player, error) {
	place := map[string]int{}
	for _, p := range e.players {
		place[p.PlayerID] = p.Division
	}
	byID := map[string]Player{}
	var placed [][]string
	var newcomers []Player
	for _, p := range ps {
		byID[p.ID] = p
		d := place[p.ID]
		if d <= 0 {
			newcomers = append(newcomers, p)
			continue
		}
		for len(placed) < d {
			placed = append(placed, nil)
		}
		placed[d-1] = append(placed[d-1], p.ID)
	}
	placed = slices.DeleteFunc(placed, func(d []string) bool { return len(d) == 0 })
	if len(placed) == 0 {
		return Divisions(ps, e.cfg.Division)
	}
	slices.SortStableFunc(newcomers, byRating)
	var ids []string
	for _, p := range newcomers {
		ids = append(ids, p.ID)
	}
	next, err := NextSeason(placed, nil, ids, 0, e.cfg.Division)
	if err != nil {
		return nil, err
	}
	out := make([][]Player, len(next))
	for i, d := range next {
		for _, id := range d {
			out[i] = append(out[i], byID[id])
		}
	}
	return out, nil
}

// nextSeason enters this season's players into the next edition, each
// in the division promotion and relegation give them (1 the top).
// Entries are keyed by event and player: a second server doing the same
// changes nothing.
func (r *Runner) nextSeason(ctx context.Context, e *event, next store.Tournament, join func(context.Context, store.TourPlayer) error) error {
	divs := map[int][]Player{}
	out := map[string]bool{}
	for _, p := range e.players {
		out[p.PlayerID] = !p.WithdrawnAt.IsZero()
	}
	games := gamesOf(e.pairings)
	var orders [][]string
	for _, p := range e.pairings {
		for _, id := range []string{p.First, p.Second} {
			if id != "" && !slices.ContainsFunc(divs[p.Division], func(x Player) bool { return x.ID == id }) {
				divs[p.Division] = append(divs[p.Division], Player{ID: id})
			}
		}
	}
	for d := 0; d < len(divs); d++ {
		var order []string
		for _, st := range Standings(divs[d], games) {
			order = append(order, st.ID)
		}
		orders = append(orders, order)
	}
	season, err := NextSeason(orders, out, nil, leagueMove(e.cfg.Division), e.cfg.Division)
	if err != nil {
		return err
	}
	rating := map[string]int{}
	for _, p := range e.players {
		rating[p.PlayerID] = p.Rating
	}
	for d, ids := range season {
		for _, id := range ids {
			err := join(ctx, store.TourPlayer{TournamentID: next.ID, PlayerID: id, Rating: rating[id], Division: d + 1, JoinedAt: e.now})
			if err != nil && !errors.Is(err, store.ErrTourJoined) {
				return err
			}
		}
	}
	return nil
}
