package room

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/clock"
	"github.com/plateau-games/plateau/internal/seats"
	"github.com/plateau-games/plateau/internal/store"
)

// Created is a game just created and held here: its record, the tokens
// of its seats that have one (a program's seat, or an invite), and its
// first view.
type Created struct {
	Game   store.Game
	Tokens [2]string
	View   []byte
}

// CheckSeats validates a creation request's seats, defaulting the AI
// seats' levels, and returns the creator's seat (-1: none).
func CheckSeats(req *api.CreateRequest) (me int, err error) {
	if len(req.Seats) != 2 {
		return 0, Refuse(ErrMalformed, "want exactly 2 seats, got %d", len(req.Seats))
	}
	me = -1
	for i := range req.Seats {
		st := &req.Seats[i]
		switch {
		case st.Kind == store.Human && st.Level == 0:
			if me < 0 {
				me = i
			}
		case st.Kind == store.Human:
			return 0, Refuse(ErrMalformed, "seat %d: a human seat has no level", i)
		case st.Kind == store.AI && st.Level == 0:
			st.Level = ai.DefaultLevel
		case st.Kind == store.AI && (st.Level < ai.MinLevel || st.Level > ai.MaxLevel):
			return 0, Refuse(ErrMalformed, "seat %d: level %d: want %d to %d", i, st.Level, ai.MinLevel, ai.MaxLevel)
		case st.Kind != store.AI:
			return 0, Refuse(ErrMalformed, "seat %d: kind %q: want human or ai", i, st.Kind)
		}
	}
	if req.Rated && (req.Local || req.Seats[0].Kind != store.Human || req.Seats[1].Kind != store.Human) {
		return 0, Refuse(ErrMalformed, "rated: only a game between two people on their own devices is rated")
	}
	if req.Me != nil {
		if *req.Me < 0 || *req.Me > 1 || req.Seats[*req.Me].Kind != store.Human {
			return 0, Refuse(ErrMalformed, "me: want the index of a human seat")
		}
		me = *req.Me
	}
	return me, nil
}

// Create stores the game req asks for, whose human seats are owners'
// players' or, where owners names none, have a token, and holds it here.
// Its refusals wrap ErrMalformed; a store that fails is an error.
func (hb *Hub) Create(ctx context.Context, req *api.CreateRequest, owners [2]string) (Created, error) {
	g, tokens, h, err := hb.Prepare(ctx, req, owners)
	if err != nil {
		return Created{}, err
	}
	if err := hb.cfg.Store.Create(ctx, g); err != nil {
		return Created{}, fmt.Errorf("room: create: %w", err)
	}
	return Created{Game: g, Tokens: tokens, View: hb.Adopt(h)}, nil
}

// Prepare builds the game req asks for, with its seats' tokens, and its
// room, neither stored nor held: for a caller that stores the game in a
// transaction of its own (the lobby's seeks), then holds the room
// (Adopt).
func (hb *Hub) Prepare(ctx context.Context, req *api.CreateRequest, owners [2]string) (store.Game, [2]string, *Room, error) {
	var tokens [2]string
	if len(req.Game) > 200 || len(req.Position) > 4096 {
		return store.Game{}, tokens, nil, Refuse(ErrMalformed, "game id or position too long")
	}
	info, id, err := hb.cfg.Registry.Lookup(req.Game)
	if err != nil {
		return store.Game{}, tokens, nil, RefuseFor(ErrMalformed, err)
	}
	st, err := hb.cfg.Registry.New(req.Game, req.Position)
	if err != nil {
		return store.Game{}, tokens, nil, RefuseFor(ErrMalformed, err)
	}
	ctl, err := clock.Parse(req.TimeControl)
	if err != nil {
		return store.Game{}, tokens, nil, RefuseFor(ErrMalformed, err)
	}
	if req.Rated && !ctl.Timed() {
		return store.Game{}, tokens, nil, Refuse(ErrMalformed, "rated: an untimed game is casual; a rated game needs a time control")
	}
	now := time.Now()
	g := store.Game{ID: newGameID(), Game: id.String(), Start: st.String(), Result: st.Result().String(),
		Reason: st.Reason(), DrawOffer: store.NoOffer, Version: 1, CreatedAt: now, UpdatedAt: now,
		TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, Rated: req.Rated, Private: req.Private, ToAct: int(st.ToAct())}
	for i, seat := range req.Seats {
		g.Seats[i] = store.Seat{Kind: seat.Kind, Level: seat.Level}
		switch {
		case seat.Kind != store.Human:
		case owners[i] != "":
			g.Seats[i].Player = owners[i]
		default:
			tokens[i], g.Seats[i].TokenHash = seats.NewToken()
		}
	}
	if g.Result != store.Ongoing {
		g.ToAct = -1
	} else {
		g.Clock = StartClock(ctl, st.ToAct(), hb.cfg.Clock.Now())
	}
	h := hb.NewRoom(ctx, g, st, info)
	g.AIToAct = h.AIToAct()
	return g, tokens, h, nil
}

// NewGame is a game between two players, for StartGame.
type NewGame struct {
	// Game is the game id with options, as in POST /api/games.
	Game string
	// Position is the start position; "" for the game's own.
	Position string
	// Players are the ids of the players of the first and the second
	// colour: two different players.
	Players [2]string
	// Private leaves the game out of the public lists.
	Private bool
}

// StartGame creates a game between two players, both seated at once (no
// invite, no token), and returns it: the one way the lobby and the
// tournaments start games. Its refusals wrap ErrMalformed: an unknown
// game, bad options or position, or players missing or equal.
func (hb *Hub) StartGame(ctx context.Context, ng NewGame) (store.Game, error) {
	if ng.Players[0] == "" || ng.Players[1] == "" || ng.Players[0] == ng.Players[1] {
		return store.Game{}, Refuse(ErrMalformed, "a game needs two different players")
	}
	req := api.CreateRequest{Game: ng.Game, Position: ng.Position, Private: ng.Private,
		Seats: []api.SeatRequest{{Kind: store.Human}, {Kind: store.Human}}}
	c, err := hb.Create(ctx, &req, ng.Players)
	return c.Game, err
}

// newGameID returns a fresh game id: 12 random base-32 characters.
func newGameID() string {
	return strings.ToLower(rand.Text()[:12])
}
