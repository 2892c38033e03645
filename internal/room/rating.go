package room

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/ratings"
	"github.com/plateau-games/plateau/internal/store"
)

// ratingUpdate returns the rating update to commit with u, which is
// about to end the game, or nil: only a rated game between two seated
// players with enough moves (ratings.Enough) is rated (the store checks
// the rest: two human seats that both moved, two players as stored, the
// limit of rated games between them). The caller holds h.mu.
func (h *Room) ratingUpdate(u store.Update) *store.RatingGame {
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
func (h *Room) movesEach(u store.Update) [2]int {
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
