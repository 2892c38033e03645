package server

import (
	"context"
	"net/http"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/room"
)

// rematchOf checks that c sits at a seat of the finished game id
// between two people, and returns the seat and the request that starts
// the rematch with its players (lobby.RematchFor).
func (s *Server) rematchOf(ctx context.Context, id string, c caller) (seat int, req api.CreateRequest, owners [2]string, err error) {
	err = s.withHub(ctx, id, func(h *room.Room) error {
		p, err := h.SeatOf(c.who(), 0)
		if err != nil {
			return err
		}
		seat = int(p)
		req, owners, err = lobby.RematchFor(h.Record(), h.Over())
		return err
	})
	return seat, req, owners, err
}

// rematches is the lobby's rematch offers over the server's store and
// rooms.
func (s *Server) rematches() lobby.Rematches {
	return lobby.Rematches{Store: s.cfg.Store, Games: lobbyGames{s}, Clock: s.cfg.Clock, Guard: lobbyGuard{s}}
}

// handleRematch offers a rematch, or accepts the other seat's offer:
// the same click for both players.
func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) {
	serveAs(s, func(*http.Request) (struct{}, error) { return struct{}{}, nil }, http.StatusOK,
		func(r *http.Request, _ struct{}, req api.TokenRequest) (api.Rematch, error) {
			id := r.PathValue("id")
			c, err := s.callerOf(r, req.Token)
			if err != nil {
				return api.Rematch{}, err
			}
			seat, create, owners, err := s.rematchOf(r.Context(), id, c)
			if err != nil {
				return api.Rematch{}, err
			}
			return s.rematches().Click(r.Context(), id, seat, create, owners)
		})(w, r)
}

// handleRematchState tells a seat of the finished game where the
// rematch stands.
func (s *Server) handleRematchState(w http.ResponseWriter, r *http.Request) {
	serveAs(s, func(r *http.Request) (caller, error) { return s.callerOf(r, "") }, http.StatusOK,
		func(r *http.Request, c caller, _ struct{}) (api.Rematch, error) {
			seat, _, _, err := s.rematchOf(r.Context(), r.PathValue("id"), c)
			if err != nil {
				return api.Rematch{}, err
			}
			return s.rematches().State(r.Context(), r.PathValue("id"), seat)
		})(w, r)
}
