package desk

import (
	"context"
	"fmt"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/store"
)

// maxLocked bounds the running games looked at for engine locks.
const maxLocked = 100

// engineLock says why player may not use the engine on game h (rated,
// timed, tournament), "" when they may: they sit in one seat of it, it
// runs, and it is one of those. The caller holds h.mu.
func (d *Desk) engineLock(ctx context.Context, h *room.Room, player string) string {
	rec := h.Record()
	seats := rec.Seats
	mine := seats[0].Player == player || seats[1].Player == player
	if player == "" || !mine || seats[0].Player == seats[1].Player || h.Over() {
		return ""
	}
	switch {
	case rec.Rated:
		return "rated"
	case rec.Clock.Control != "":
		return "timed"
	}
	if d.Tournaments != nil {
		if in, err := d.Tournaments.InTournament(ctx, h.ID()); err != nil || in {
			return "tournament" // an error locks: fair play first
		}
	}
	return ""
}

// EngineLocks lists player's running games the engine is locked for.
func (d *Desk) EngineLocks(ctx context.Context, player string, _ struct{}) (api.EngineLocks, error) {
	list, err := d.Games.List(ctx, store.Filter{Status: store.Ongoing, Player: player, Limit: maxLocked})
	if err != nil {
		return api.EngineLocks{}, err
	}
	out := api.EngineLocks{Games: []api.EngineLock{}}
	for _, g := range list {
		d.With(ctx, g.ID, func(h *room.Room) error { //nolint:errcheck // a game gone meanwhile locks nothing
			if why := d.engineLock(ctx, h, player); why != "" {
				out.Games = append(out.Games, api.EngineLock{ID: h.ID(), Game: h.Record().Game, Position: h.Position(), Why: why})
			}
			return nil
		})
	}
	return out, nil
}

// EngineAllowed returns nil when player may analyse game id now,
// ErrEngineLocked when not (or the room's refusal).
func (d *Desk) EngineAllowed(ctx context.Context, id, player string) error {
	return d.With(ctx, id, func(h *room.Room) error {
		if d.engineLock(ctx, h, player) != "" {
			return ErrEngineLocked
		}
		return nil
	})
}

// PlaybanUntil returns when player may start a rated game again, zero
// when they may now (moderation.PlaybanUntil over the database's bad
// endings: every server counts alike).
func (d *Desk) PlaybanUntil(ctx context.Context, player string) (time.Time, error) {
	if d.FairPlay == nil || player == "" {
		return time.Time{}, nil
	}
	now := d.Clock.Now()
	endings, err := d.FairPlay.BadEndings(ctx, player, now.Add(-moderation.PlaybanWindow))
	if err != nil {
		return time.Time{}, err
	}
	return moderation.PlaybanUntil(endings, now), nil
}

// Playban is the lobby's hook before a rated game starts: the player's
// playban (ErrPlaybanned), if any.
func (d *Desk) Playban(ctx context.Context, player string, rated bool) error {
	if !rated {
		return nil
	}
	until, err := d.PlaybanUntil(ctx, player)
	if err != nil || until.IsZero() {
		return err
	}
	return fmt.Errorf("%w: after games abandoned or left to time out, you may start a rated game again at %s", ErrPlaybanned, until.UTC().Format(time.RFC3339))
}
