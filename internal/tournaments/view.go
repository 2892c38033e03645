package tournaments

import (
	"context"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/store"
)

// List is the events of a game in a state ("" for any), or, when winner
// is set, the last events that player won.
func (s *Service) List(ctx context.Context, gameID, state, winner string) ([]api.Tournament, error) {
	var states []string
	if state != "" {
		states = []string{state}
	}
	list, err := s.Store.ListTournaments(ctx, gameID, states, 200)
	if winner != "" {
		list, err = s.Store.TournamentsWon(ctx, winner, 50)
	}
	if err != nil {
		return nil, err
	}
	out := make([]api.Tournament, 0, len(list))
	for _, t := range list {
		out = append(out, s.Of(ctx, t, -1))
	}
	return out, nil
}

// Of is the client's view of an event; players < 0 leaves the count
// out (a list does not count every event's entries).
func (s *Service) Of(ctx context.Context, t store.Tournament, players int) api.Tournament {
	c, _ := DecodeConfig(t.Settings)
	out := api.Tournament{ID: t.ID, Game: t.Game, Format: t.Format, Name: t.Name, Description: t.Description, State: t.State,
		Round: t.Round, Rounds: c.Rounds, StartsAt: t.StartsAt, Players: max(players, 0),
		Games: GamesPerPairing(s.Registry, t.Game, c.Games), Rated: !c.Casual, TimeControl: c.TimeControl,
		Series: t.SeriesID, Edition: t.Edition}
	if t.State == store.TourRunning {
		out.RoundEnds = t.RoundEnds
	}
	if t.Winner != "" {
		ref := s.Names(ctx, t.Winner)
		out.Winner = &ref
	}
	return out
}

// View is an event's page: standings, crosstable, games, and the
// requester's (me's) entry and game in play.
func (s *Service) View(ctx context.Context, id, me string) (api.TournamentView, error) {
	t, err := s.Store.LoadTournament(ctx, id)
	if err != nil {
		return api.TournamentView{}, err
	}
	ps, err := s.Store.TournamentPlayers(ctx, id)
	if err != nil {
		return api.TournamentView{}, err
	}
	rows, err := s.Store.TournamentPairings(ctx, id)
	if err != nil {
		return api.TournamentView{}, err
	}
	c, _ := DecodeConfig(t.Settings)
	v := api.TournamentView{Tournament: s.Of(ctx, t, len(ps)), AllGames: []api.TournamentGame{}}
	names, out := map[string]string{}, map[string]bool{}
	for _, p := range ps {
		names[p.PlayerID], out[p.PlayerID] = p.Name, !p.WithdrawnAt.IsZero()
		v.Joined = v.Joined || (p.PlayerID == me && p.WithdrawnAt.IsZero())
	}
	st := EventStandings(c, ps, rows)
	order := make([]string, len(st))
	for i, x := range st {
		order[i] = x.ID
		v.Standings = append(v.Standings, api.TournamentStanding{Rank: x.Rank, Player: api.PlayerRef{ID: x.ID, Name: names[x.ID]},
			Score: x.Score, Played: x.Played, HeadToHead: x.HeadToHead, SonnebornBerger: x.SonnebornBerger, Buchholz: x.Buchholz,
			PairsWon: x.PairsWon, Withdrawn: out[x.ID]})
	}
	v.Crosstable, v.CrossGames = crosstable(order, rows)
	for _, p := range rows {
		v.AllGames = append(v.AllGames, api.TournamentGame{Round: p.Round, Board: p.Board, Leg: p.Leg, First: p.First,
			Second: p.Second, GameID: p.GameID, Result: p.Result, Forfeit: p.Forfeit})
		if p.Created && p.Result == "" && p.GameID != "" && (p.First == me || p.Second == me) && v.NextGame == "" {
			v.NextGame = p.GameID
		}
	}
	return v, nil
}

// crosstable is the points and the games of each pair, in order's
// order, as the API shows them.
func crosstable(order []string, rows []store.TourPairing) ([][]float64, [][]int) {
	var gs []Game
	for _, p := range rows {
		if p.Result != "" && p.Second != "" {
			gs = append(gs, Game{First: p.First, Second: p.Second,
				Score: map[string]float64{"first": 1, "draw": 0.5}[p.Result]})
		}
	}
	ct := Crosstable(order, gs)
	pts, n := make([][]float64, len(ct)), make([][]int, len(ct))
	for i, row := range ct {
		pts[i], n[i] = make([]float64, len(row)), make([]int, len(row))
		for j, c := range row {
			pts[i][j], n[i][j] = c.Points, c.Games
		}
	}
	return pts, n
}
