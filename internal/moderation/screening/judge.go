package screening

import (
	"context"
	"fmt"
)

// Game is one finished rated game of a candidate: Seat is theirs.
type Game struct {
	ID, Kind, Start string
	Moves           []string
	Seat            int
}

// Candidate is a player to screen: their rating and rated games.
type Candidate struct {
	Player string
	Rating float64
	Games  []Game
}

// Verdict is a candidate's screening: their stats, honest play at their
// rating, how far above it they match, and whether they are flagged.
type Verdict struct {
	Stats    Stats
	Expected Point
	Z        float64
	Flagged  bool
}

// Judge measures a candidate's games and judges them by the norm.
func (sc *Screener) Judge(ctx context.Context, norm Norm, c Candidate) (Verdict, error) {
	var v Verdict
	for _, g := range c.Games {
		if g.Seat != 0 && g.Seat != 1 {
			return v, fmt.Errorf("screening: game %s: bad seat %d", g.ID, g.Seat)
		}
		st, err := sc.Game(ctx, g.Kind, g.Start, g.Moves)
		if err != nil {
			return v, fmt.Errorf("screening: game %s: %w", g.ID, err)
		}
		v.Stats.Add(st[g.Seat])
	}
	v.Expected = norm.At(c.Rating)
	v.Z, v.Flagged = norm.Flag(v.Stats, c.Rating)
	return v, nil
}

// Note is the sentence a screening report carries for the moderators.
func (v Verdict) Note() string {
	return fmt.Sprintf("screening: %d moves, match rate %.2f (honest play at this rating: %.2f, z %.1f), win probability lost per move %.3f (honest: %.3f)",
		v.Stats.Moves, v.Stats.MatchRate(), v.Expected.Match, v.Z, v.Stats.MeanLoss(), v.Expected.Loss)
}
