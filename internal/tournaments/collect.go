package tournaments

import (
	"context"

	"github.com/plateau-games/plateau/internal/store"
)

// Reasons of the games table the runner reads as forfeits.
const (
	reasonTimeOut  = "time out"
	reasonAborted  = "aborted"        // the player to act never moved
	reasonDeadline = "round deadline" // ended by the runner at the round's hard deadline
)

// collect records the results of the games the games table holds as
// over, and past a round's hard deadline ends each unfinished game with
// a loss by forfeit for the player to act (Ender) and scores it so.
func (r *Runner) collect(ctx context.Context, e *event) error {
	ends, err := r.Store.TournamentGames(ctx, e.t.ID)
	if err != nil {
		return err
	}
	late := e.cfg.Format != FormatArena && !e.now.Before(e.t.RoundEnds)
	for _, g := range ends {
		if late && g.Result == store.Ongoing && r.Ender != nil && g.Pairing.GameID != "" {
			// The game's own end is the result: a move that beat the
			// deadline's end to the database makes a different one.
			if g.Result, g.Reason, err = r.Ender.EndAtDeadline(ctx, g.Pairing.GameID); err != nil {
				return err
			}
		}
		p, ok := gameResult(g, late)
		if !ok {
			continue
		}
		if _, err := r.Store.RecordTourResult(ctx, p); err != nil {
			return err
		}
		for i, q := range e.pairings {
			if q.Round == p.Round && q.Board == p.Board && q.Leg == p.Leg {
				e.pairings[i] = p
			}
		}
	}
	return nil
}

// gameResult reads a game's end as a tournament result.
func gameResult(g store.TourGameEnd, late bool) (store.TourPairing, bool) {
	p := g.Pairing
	switch {
	case g.Result == store.Ongoing && !late:
		return p, false
	case g.Result == store.Ongoing || g.Reason == reasonAborted:
		p.Forfeit = g.ToAct == 0 || g.ToAct == 1
		p.Result = map[int]string{0: "second", 1: "first"}[g.ToAct]
		if !p.Forfeit {
			p.Result = "draw"
		}
	default:
		p.Result, p.Forfeit = g.Result, g.Reason == reasonTimeOut || g.Reason == reasonDeadline
	}
	return p, true
}

// gamesOf turns pairing rows into the standings' games: results known,
// byes worth their legs.
func gamesOf(ps []store.TourPairing) []Game {
	var out []Game
	for _, p := range ps {
		if p.Result == "" {
			continue
		}
		out = append(out, Game{Round: p.Round, Pair: p.Board, First: p.First, Second: p.Second,
			Score: map[string]float64{"first": 1, "draw": 0.5}[p.Result], Forfeit: p.Forfeit})
	}
	return out
}
