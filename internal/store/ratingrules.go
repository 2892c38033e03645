package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// LeaderboardRD is the largest deviation a rating on a leaderboard may
// have: internal/ratings.ProvisionalRD, above which a rating is
// provisional (a test checks that they agree).
const LeaderboardRD = 110

// RatingCapped is the rating_applied mark of a rated game decided not
// rated because its two players had reached their limit of rated games
// together (RatingGame.PairLimit); 1 marks a game rated.
const RatingCapped = 2

// seatedPlayers returns the players of a game's seats as stored (a seat
// bound to no player keeps the caller's), and refuses a game whose two
// seats are one player (an account that played its own guest before
// merging it): such a game is never rated.
func (s *sqlStore) seatedPlayers(ctx context.Context, tx *sql.Tx, g RatingGame) ([2]string, error) {
	var p [2]sql.NullString
	err := tx.QueryRowContext(ctx, s.rebind(`SELECT seat0_player, seat1_player FROM games WHERE id = ?`), g.GameID).Scan(&p[0], &p[1])
	if errors.Is(err, sql.ErrNoRows) {
		return g.Players, fmt.Errorf("%w: %s: no such game", ErrNotRated, g.GameID)
	}
	if err != nil {
		return g.Players, fmt.Errorf("store: rate %s: %w", g.GameID, err)
	}
	out := g.Players
	for i := range p {
		if p[i].String != "" {
			out[i] = p[i].String
		}
	}
	if out[0] == out[1] {
		return out, fmt.Errorf("%w: %s: both seats are %q", ErrNotRated, g.GameID, out[0])
	}
	return out, nil
}

// underPairLimit counts the rated games the same two players finished
// since g.PairSince, with both players' ratings locked (so that two
// servers finishing two of their games at once count each other), and
// marks g capped, not rated, when they reached g.PairLimit.
func (s *sqlStore) underPairLimit(ctx context.Context, tx *sql.Tx, g RatingGame) error {
	if g.PairLimit <= 0 {
		return nil
	}
	var n int
	err := tx.QueryRowContext(ctx, s.rebind(`SELECT count(*) FROM games WHERE rating_applied = 1 AND id <> ? AND updated_at >= ?
		AND ((seat0_player = ? AND seat1_player = ?) OR (seat0_player = ? AND seat1_player = ?))`),
		g.GameID, millis(g.PairSince), g.Players[0], g.Players[1], g.Players[1], g.Players[0]).Scan(&n)
	if err != nil {
		return fmt.Errorf("store: rate %s: %w", g.GameID, err)
	}
	if n < g.PairLimit {
		return nil
	}
	if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE games SET rating_applied = ? WHERE id = ?`), RatingCapped, g.GameID); err != nil {
		return fmt.Errorf("store: rate %s: %w", g.GameID, err)
	}
	return fmt.Errorf("%w: %s: %d rated games between %q since %v", ErrNotRated, g.GameID, n, g.Players, g.PairSince)
}
