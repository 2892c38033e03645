package seatapi

import (
	"context"
	"errors"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/seats"
)

// Claim seats player in the seats of game id whose tokens they present:
// an invite's, or those a browser kept from before players. The game's
// version check decides between racing claims; a seat taken or the
// creator's own invite is an answer, not an error.
func (s *Service) Claim(ctx context.Context, id, player string, tokens []string) (api.Claim, error) {
	out := api.Claim{Seats: []int{}}
	err := s.cfg.With(ctx, id, func(h *room.Room) error {
		mine, err := h.Claim(ctx, player, tokens)
		out.Seats = append(out.Seats, mine...)
		var taken *seats.TakenError
		switch {
		case errors.As(err, &taken):
			out.Taken = &api.TakenSeat{Seat: taken.Seat, Player: s.cfg.Name(ctx, taken.Player)}
			return nil
		case errors.Is(err, seats.ErrOwnInvite):
			out.OwnInvite = true
			return nil
		case errors.Is(err, room.ErrNoChange):
			return nil
		}
		return err
	})
	return out, err
}

// MySeats answers the seats player holds in game id (none: they
// watch), and the open invite of a game they created.
func (s *Service) MySeats(ctx context.Context, id, player string) (api.Claim, error) {
	out := api.Claim{Seats: []int{}}
	err := s.cfg.With(ctx, id, func(h *room.Room) error {
		mine, invite := h.MySeats(ctx, player)
		out.Seats, out.Invite = append(out.Seats, mine...), invite
		return nil
	})
	return out, err
}

// Invite cancels the open invite of player's game id, or renews it: a
// new link, the old one only watching from then on.
func (s *Service) Invite(ctx context.Context, id, player string, renew bool) (api.Invite, error) {
	var out api.Invite
	err := s.cfg.With(ctx, id, func(h *room.Room) error {
		seat, token, err := h.Invite(ctx, player, renew)
		out = api.Invite{Seat: seat}
		if err == nil && token != "" {
			out.Invite, out.InviteURL = s.InviteLinks(h.ID(), seat, token)
		}
		return err
	})
	return out, err
}
