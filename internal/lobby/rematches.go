package lobby

import (
	"context"
	"errors"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/store"
)

// RematchStore is the slice of the store rematch offers use.
type RematchStore interface {
	OfferRematch(ctx context.Context, of string, by int, now time.Time) (store.Rematch, error)
	AcceptRematch(ctx context.Context, of string, by int, g store.Game, offererToken string) error
	Rematch(ctx context.Context, of string) (store.Rematch, string, error)
}

// Starter starts games as the API creates them: Start builds the game
// req asks for between owners (a seat without one gets a token), not
// yet stored, with its seats' tokens and the function to call once it
// is stored (the server then holds its room).
type Starter interface {
	Start(ctx context.Context, req api.CreateRequest, owners [2]string) (store.Game, [2]string, func(), error)
}

// StarterGames is the lobby's Games over a Starter: both seats bound to
// their players, no token.
type StarterGames struct{ Starter }

// New implements Games.
func (g StarterGames) New(ctx context.Context, gameID, tc string, rated bool, players [2]string) (store.Game, func(), error) {
	req := api.CreateRequest{Game: gameID, Seats: []api.SeatRequest{{Kind: store.Human}, {Kind: store.Human}}, Rated: rated, TimeControl: tc}
	rec, _, adopt, err := g.Start(ctx, req, players)
	return rec, adopt, err
}

// Rematches takes the rematch offers of finished games.
type Rematches struct {
	Store RematchStore
	Games Starter
	Clock Clock
	// Guard keeps apart the players who blocked each other (nil: none).
	Guard Guard
}

// RematchFor returns the request that starts the rematch of the
// finished game rec (over: it is) between two people, with its players:
// the same game and start, rated if it was, colours swapped (a seat
// bound to a player goes to that player, a token's seat gets a new
// token). ErrNoRematch when there is none to play.
func RematchFor(rec store.Game, over bool) (api.CreateRequest, [2]string, error) {
	var owners [2]string
	if !over || rec.Seats[0].Kind != store.Human || rec.Seats[1].Kind != store.Human {
		return api.CreateRequest{}, owners, ErrNoRematch
	}
	req := api.CreateRequest{Game: rec.Game, Position: rec.Start, Seats: []api.SeatRequest{{Kind: store.Human}, {Kind: store.Human}},
		Rated: rec.Rated, Private: rec.Private, TimeControl: rec.Clock.Control}
	for k, st := range rec.Seats {
		owners[RematchSeat(k)] = st.Player
	}
	if owners[0] != "" && owners[0] == owners[1] {
		return req, owners, ErrNoRematch // one player at both seats: a game at one device
	}
	return req, owners, nil
}

// Click offers a rematch of game id from seat, or accepts the other
// seat's offer: the same click for both players. create and owners are
// RematchFor's.
func (rs Rematches) Click(ctx context.Context, id string, seat int, create api.CreateRequest, owners [2]string) (api.Rematch, error) {
	if rs.Guard != nil {
		if err := rs.Guard.Apart(ctx, owners[0], owners[1]); err != nil {
			return api.Rematch{}, err
		}
	}
	wctx := context.WithoutCancel(ctx)
	rm, err := rs.Store.OfferRematch(wctx, id, seat, rs.Clock.Now())
	if err != nil {
		return api.Rematch{}, err
	}
	if !RematchOf(rm).Accepts(seat) {
		return rs.State(ctx, id, seat)
	}
	g, tokens, adopt, err := rs.Games.Start(wctx, create, owners)
	if err != nil {
		return api.Rematch{}, err
	}
	// The offerer sat at rm.By and now sits at RematchSeat(rm.By).
	err = rs.Store.AcceptRematch(wctx, id, seat, g, tokens[RematchSeat(rm.By)])
	if errors.Is(err, ErrGone) { // started meanwhile by a click of ours elsewhere
		return rs.State(ctx, id, seat)
	}
	if err != nil {
		return api.Rematch{}, err
	}
	adopt()
	mine := RematchSeat(seat)
	return api.Rematch{State: "started", By: rm.By, Started: &api.Started{Game: g.ID, Player: mine, Token: tokens[mine]}}, nil
}

// State tells seat of the finished game id where the rematch stands;
// the offerer learns its seat and token in the new game.
func (rs Rematches) State(ctx context.Context, id string, seat int) (api.Rematch, error) {
	rm, token, err := rs.Store.Rematch(ctx, id)
	switch {
	case errors.Is(err, ErrGone):
		return api.Rematch{State: "none"}, nil
	case err != nil:
		return api.Rematch{}, err
	}
	out := api.Rematch{State: "offered", By: rm.By}
	if rm.NewGame != "" {
		out.State = "started"
		if rm.By == seat {
			out.Started = &api.Started{Game: rm.NewGame, Player: RematchSeat(seat), Token: token}
		}
	}
	return out, nil
}
