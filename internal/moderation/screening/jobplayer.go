package screening

import (
	"context"
	"time"

	"github.com/plateau-games/plateau/internal/moderation"
)

// screen judges one player's last rated games of pool and queues them
// when flagged.
func (j *Job) screen(ctx context.Context, pool, player string, now time.Time, res *Result) error {
	r, _, err := j.Store.Rating(ctx, player, pool)
	if err != nil {
		return err
	}
	c, err := j.candidate(ctx, pool, player, r.R)
	if err != nil || len(c.Games) == 0 {
		return err
	}
	v, err := j.Screener.Judge(ctx, j.Norms[pool], c)
	if err != nil {
		return err
	}
	res.Screened++
	if !v.Flagged {
		return nil
	}
	res.Flagged++
	last := c.Games[0]
	rep := moderation.Report{Reporter: "screening", Reported: player, Reason: moderation.ScreeningReason, Note: v.Note(),
		Status: moderation.Open, Created: now, GameID: last.ID,
		Evidence: moderation.Evidence{Game: last.ID, Kind: last.Kind, Moves: last.Moves}}
	queued, err := j.Store.QueueScreening(ctx, pool, last.ID, rep)
	if queued {
		res.Queued++
	}
	return err
}

// candidate gathers a player's last rated games of pool (those their
// rating history names), newest first.
func (j *Job) candidate(ctx context.Context, pool, player string, rating float64) (Candidate, error) {
	c := Candidate{Player: player, Rating: rating}
	ids, err := j.Store.PoolGames(ctx, player, pool, or(j.Games, DefaultGames))
	if err != nil {
		return c, err
	}
	for _, id := range ids {
		g, err := j.Store.Load(ctx, id)
		if err != nil {
			return c, err
		}
		sg := Game{ID: g.ID, Kind: g.Game, Start: g.Start}
		if g.Seats[1].Player == player {
			sg.Seat = 1
		}
		for _, m := range g.Moves {
			sg.Moves = append(sg.Moves, m.Text)
		}
		c.Games = append(c.Games, sg)
	}
	return c, nil
}
