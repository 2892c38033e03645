package server

import (
	"context"
	"errors"
	"net/http"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/store"
)

// rematchOf checks that c sits at a seat of the finished game id
// between two people, and returns the seat and the request that starts
// the rematch (same game and start, rated if it was) with its players,
// colours swapped: a seat bound to a player goes to that player, a
// token's seat gets a new token.
func (s *Server) rematchOf(ctx context.Context, id string, c caller) (int, api.CreateRequest, [2]string, error) {
	var seat int
	var req api.CreateRequest
	var owners [2]string
	err := s.withHub(ctx, id, func(h *room.Room) error {
		p, err := h.SeatOf(c.who(), 0)
		if err != nil {
			return err
		}
		rec := h.Record()
		if !h.Over() || rec.Seats[0].Kind != store.Human || rec.Seats[1].Kind != store.Human {
			return lobby.ErrNoRematch
		}
		seat = int(p)
		req = api.CreateRequest{Game: rec.Game, Position: rec.Start, Seats: []api.SeatRequest{{Kind: store.Human}, {Kind: store.Human}},
			Rated: rec.Rated, Private: rec.Private, TimeControl: rec.Clock.Control}
		for k, st := range rec.Seats {
			owners[lobby.RematchSeat(k)] = st.Player
		}
		if owners[0] != "" && owners[0] == owners[1] {
			return lobby.ErrNoRematch // one player at both seats: a game at one device
		}
		return nil
	})
	return seat, req, owners, err
}

// handleRematch offers a rematch, or accepts the other seat's offer:
// the same click for both players.
func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) {
	var req api.TokenRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	id := r.PathValue("id")
	c, err := s.callerOf(r, req.Token)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	seat, create, owners, err := s.rematchOf(r.Context(), id, c)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if s.blockedPair(r.Context(), owners[0], owners[1]) { // moderation hook
		s.fail(w, r, errNotAvailable)
		return
	}
	ctx := context.WithoutCancel(r.Context())
	rm, err := s.cfg.Store.OfferRematch(ctx, id, seat, s.cfg.Clock.Now())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !lobby.RematchOf(rm).Accepts(seat) {
		s.replyRematch(w, r, id, seat)
		return
	}
	g, tokens, h, err := s.newRecord(ctx, &create, owners)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// The offerer sat at rm.By and now sits at RematchSeat(rm.By).
	err = s.cfg.Store.AcceptRematch(ctx, id, seat, g, tokens[lobby.RematchSeat(rm.By)])
	if errors.Is(err, lobby.ErrGone) { // started meanwhile by a click of ours elsewhere
		s.replyRematch(w, r, id, seat)
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.metrics.gamesCreated.Add(1)
	s.rooms.Adopt(h)
	mine := lobby.RematchSeat(seat)
	s.reply(w, http.StatusOK, api.Rematch{State: "started", By: rm.By, Started: &api.Started{Game: g.ID, Player: mine, Token: tokens[mine]}})
}

// handleRematchState tells a seat of the finished game where the
// rematch stands; the offerer learns its seat and token in the new game.
func (s *Server) handleRematchState(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	c, err := s.callerOf(r, "")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	seat, _, _, err := s.rematchOf(r.Context(), id, c)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.replyRematch(w, r, id, seat)
}

func (s *Server) replyRematch(w http.ResponseWriter, r *http.Request, id string, seat int) {
	rm, token, err := s.cfg.Store.Rematch(r.Context(), id)
	switch {
	case errors.Is(err, lobby.ErrGone):
		s.reply(w, http.StatusOK, api.Rematch{State: "none"})
		return
	case err != nil:
		s.fail(w, r, err)
		return
	}
	out := api.Rematch{State: "offered", By: rm.By}
	if rm.NewGame != "" {
		out.State = "started"
		if rm.By == seat {
			out.Started = &api.Started{Game: rm.NewGame, Player: lobby.RematchSeat(seat), Token: token}
		}
	}
	s.reply(w, http.StatusOK, out)
}
