package server

import (
	"context"
	"math"
	"net/http"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/ratings"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tournaments"
)

func ratingsGroup(g game.Game, id game.ID) string { return ratings.Group(g, id) }

// tourRating is a player's rating in the event's pool, 0 when none.
func (s *Server) tourRating(ctx context.Context, player, gameID string) int {
	info, id, err := s.cfg.Registry.Lookup(gameID)
	if err != nil {
		return 0
	}
	r, ok, err := s.cfg.Store.Rating(ctx, player, ratings.Group(info, id))
	if err != nil || !ok {
		return 0
	}
	return int(math.Round(r.R))
}

func (s *Server) handleTournament(w http.ResponseWriter, r *http.Request) {
	ts, err := s.tours()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v, err := s.tourView(r.Context(), ts, r.PathValue("id"), requester(r.Context()))
	if err != nil {
		s.fail(w, r, tourRefusal(err))
		return
	}
	s.reply(w, http.StatusOK, v)
}

// tourView is an event's page: standings, crosstable, games, and the
// requester's entry and game in play.
func (s *Server) tourView(ctx context.Context, ts tourStore, id, me string) (api.TournamentView, error) {
	t, err := ts.LoadTournament(ctx, id)
	if err != nil {
		return api.TournamentView{}, err
	}
	ps, err := ts.TournamentPlayers(ctx, id)
	if err != nil {
		return api.TournamentView{}, err
	}
	rows, err := ts.TournamentPairings(ctx, id)
	if err != nil {
		return api.TournamentView{}, err
	}
	c, _ := tournaments.DecodeConfig(t.Settings)
	v := api.TournamentView{Tournament: s.tourOf(ctx, t, len(ps)), AllGames: []api.TournamentGame{}}
	names, out := map[string]string{}, map[string]bool{}
	for _, p := range ps {
		names[p.PlayerID], out[p.PlayerID] = p.Name, !p.WithdrawnAt.IsZero()
		v.Joined = v.Joined || (p.PlayerID == me && p.WithdrawnAt.IsZero())
	}
	st := tournaments.EventStandings(c, ps, rows)
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

func crosstable(order []string, rows []store.TourPairing) ([][]float64, [][]int) {
	var gs []tournaments.Game
	for _, p := range rows {
		if p.Result != "" && p.Second != "" {
			gs = append(gs, tournaments.Game{First: p.First, Second: p.Second,
				Score: map[string]float64{"first": 1, "draw": 0.5}[p.Result]})
		}
	}
	ct := tournaments.Crosstable(order, gs)
	pts, n := make([][]float64, len(ct)), make([][]int, len(ct))
	for i, row := range ct {
		pts[i], n[i] = make([]float64, len(row)), make([]int, len(row))
		for j, c := range row {
			pts[i][j], n[i][j] = c.Points, c.Games
		}
	}
	return pts, n
}
