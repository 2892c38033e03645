package server

import (
	"net/http"
	"strconv"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/ratings"
	"github.com/plateau-games/plateau/internal/store"
)

// leaderboardSize is how many players a leaderboard lists at most.
const leaderboardSize = 100

// routesRatings adds the leaderboards and the players' ratings.
func (s *Server) routesRatings(m *http.ServeMux) {
	m.HandleFunc("GET /api/leaderboard/{group}", s.handleLeaderboard)
	m.HandleFunc("GET /api/ratings/{player}", s.handlePlayerRatings)
}

// ratingOf returns the rating update to commit with u, which is about to
// end the game, or nil: only a rated game between two seated players
// with enough moves (ratings.Enough) is rated (the store checks the
// rest: two human seats that both moved, two players as stored, the
// limit of rated games between them).
// The caller holds h.mu.
func (h *hub) ratingOf(u store.Update) *store.RatingGame {
	if !h.rec.Rated || u.Result == store.Ongoing || h.over() {
		return nil
	}
	players := [2]string{h.rec.Seats[0].Player, h.rec.Seats[1].Player}
	if players[0] == "" || players[1] == "" || !ratings.Enough(h.movesEach(u), len(u.Append) > 0) {
		return nil
	}
	id, err := game.ParseID(h.rec.Game)
	if err != nil {
		return nil
	}
	score := map[string]float64{"first": ratings.Win, "second": ratings.Loss, "draw": ratings.Draw}[u.Result]
	start := ratings.New()
	return &store.RatingGame{GameID: h.id, Group: ratings.Group(h.info, id), Players: players, At: u.At,
		Start: store.PlayerRating{R: start.R, RD: start.RD, Vol: start.Vol},
		Rate: func(old [2]store.PlayerRating) [2]store.PlayerRating {
			a, b := ratings.Game(glicko(old[0]), glicko(old[1]), old[0].At, old[1].At, u.At, score)
			return [2]store.PlayerRating{fromGlicko(a), fromGlicko(b)}
		},
		PairLimit: ratings.PairGamesPerDay, PairSince: u.At.Add(-ratings.PairWindow)}
}

// movesEach counts each seat's moves in the game once u is applied. The
// caller holds h.mu.
func (h *hub) movesEach(u store.Update) [2]int {
	var n [2]int
	for _, m := range h.rec.Moves[:u.Keep] {
		n[m.Player&1]++
	}
	for _, m := range u.Append {
		n[m.Player&1]++
	}
	return n
}

func glicko(p store.PlayerRating) ratings.Rating { return ratings.Rating{R: p.R, RD: p.RD, Vol: p.Vol} }

func fromGlicko(r ratings.Rating) store.PlayerRating {
	return store.PlayerRating{R: r.R, RD: r.RD, Vol: r.Vol}
}

// handleLeaderboard serves GET /api/leaderboard/{group}?limit=N.
func (s *Server) handleLeaderboard(w http.ResponseWriter, r *http.Request) {
	group := r.PathValue("group")
	info, id, err := s.cfg.Registry.Lookup(group)
	if err != nil {
		s.fail(w, r, refuseFor(ErrNotFound, err))
		return
	}
	if ratings.Group(info, id) != group {
		s.fail(w, r, refuse(ErrNotFound, "%s is not a rating pool (its pool is %s)", group, ratings.Group(info, id)))
		return
	}
	limit := leaderboardSize
	if q := r.URL.Query().Get("limit"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 1 || n > leaderboardSize {
			s.fail(w, r, refuse(ErrMalformed, "bad limit %q: want 1-%d", q, leaderboardSize))
			return
		}
		limit = n
	}
	rows, err := s.cfg.Store.Leaderboard(r.Context(), group, limit)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := api.Leaderboard{Group: group, Title: info.Title, Players: []api.RatedPlayer{}}
	for i, p := range rows {
		rp := s.ratedPlayer(r, p)
		rp.Rank = i + 1
		out.Players = append(out.Players, rp)
	}
	s.reply(w, http.StatusOK, out)
}

// ratedPlayer is a rating as the API shows it: whole points.
func (s *Server) ratedPlayer(r *http.Request, p store.PlayerRating) api.RatedPlayer {
	return api.RatedPlayer{Player: p.Player, Name: s.playerName(r, p.Player), Group: p.Group,
		Rating: int(p.R + 0.5), RD: int(p.RD + 0.5), Games: p.Games, Provisional: glicko(p).Provisional()}
}

// playerName is a player's display name, "" when unknown.
func (s *Server) playerName(r *http.Request, id string) string { return s.refOf(r.Context(), id).Name }

// handlePlayerRatings serves GET /api/ratings/{player}: the player's
// ratings in every pool, each with its history.
func (s *Server) handlePlayerRatings(w http.ResponseWriter, r *http.Request) {
	player := r.PathValue("player")
	rows, err := s.cfg.Store.PlayerRatings(r.Context(), player)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := api.PlayerRatings{Player: player, Ratings: []api.PoolRating{}}
	for _, p := range rows {
		hist, err := s.cfg.Store.RatingHistory(r.Context(), player, p.Group)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		pr := api.PoolRating{RatedPlayer: s.ratedPlayer(r, p), History: []api.RatingPoint{}}
		for _, h := range hist {
			pr.History = append(pr.History, api.RatingPoint{Game: h.GameID, Rating: int(h.R + 0.5), RD: int(h.RD + 0.5), At: formatTime(h.At)})
		}
		out.Ratings = append(out.Ratings, pr)
	}
	s.reply(w, http.StatusOK, out)
}
