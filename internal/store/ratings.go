package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"
)

// ErrNotRated means a game's rating update was not applied: the game is
// not rated, not over, aborted (a player never moved), has an AI seat,
// or its update was applied already.
var ErrNotRated = errors.New("store: game not rated")

// PlayerRating is a player's rating in one pool (a rating group,
// internal/ratings.Group), on the Glicko scale.
type PlayerRating struct {
	Player string
	Group  string
	R      float64
	RD     float64
	Vol    float64
	// Games counts the rated games the player finished in the pool, and
	// At is when the last one ended (zero when none).
	Games int
	At    time.Time
}

// RatingPoint is a player's rating after one rated game.
type RatingPoint struct {
	GameID string
	R, RD  float64
	At     time.Time
}

// RatingGame is the update of one finished rated game: the game, its
// pool, its players (seat 0 first), when it ended, the rating a player
// without one starts from, and Rate, the arithmetic, which the store
// calls inside its transaction with both players' current ratings (Games
// 0 and At zero for a newcomer) and which returns them after the game.
type RatingGame struct {
	GameID  string
	Group   string
	Players [2]string
	At      time.Time
	Start   PlayerRating
	Rate    func(old [2]PlayerRating) [2]PlayerRating
	// PairLimit, when above 0, is how many rated games the same two
	// players may have finished since PairSince: a game beyond it is
	// marked decided (RatingCapped) and not rated.
	PairLimit int
	PairSince time.Time
}

// Ratings keeps the players' ratings.
type Ratings interface {
	// Rating returns a player's rating in a pool; false when they have
	// never finished a rated game there.
	Rating(ctx context.Context, player, group string) (PlayerRating, bool, error)
	// PlayerRatings returns a player's ratings in every pool they have
	// played in, most games first.
	PlayerRatings(ctx context.Context, player string) ([]PlayerRating, error)
	// Leaderboard returns the best limit ratings of a pool, highest
	// rating first (then most games, then player id), of accounts only
	// (no guest, no deleted account) and of established ratings only
	// (deviation at most LeaderboardRD: no provisional rating).
	Leaderboard(ctx context.Context, group string, limit int) ([]PlayerRating, error)
	// RatingHistory returns a player's rating after each rated game in a
	// pool, oldest first.
	RatingHistory(ctx context.Context, player, group string) ([]RatingPoint, error)
	// ApplyRating applies the update of a finished rated game once: in
	// one transaction it marks the game's rating applied, and only if
	// that mark was not set and the game is rated, over, not aborted and
	// between two human seats does it read, rate and write both players'
	// ratings and their history. Otherwise it returns ErrNotRated and
	// changes nothing; several servers may call it for the same game at
	// once.
	ApplyRating(ctx context.Context, g RatingGame) ([2]PlayerRating, error)
}

// qClaimRating sets the game's applied mark: the compare-and-set that
// makes a game's update happen once. A game where a player never moved
// is aborted, never rated.
const qClaimRating = `UPDATE games SET rating_applied = 1
	WHERE id = ? AND rated = 1 AND rating_applied = 0 AND result <> 'ongoing'
	AND seat0_kind = 'human' AND seat1_kind = 'human'
	AND EXISTS (SELECT 1 FROM moves m WHERE m.game_id = games.id AND m.player = 0)
	AND EXISTS (SELECT 1 FROM moves m WHERE m.game_id = games.id AND m.player = 1)
	AND NOT EXISTS (SELECT 1 FROM engine_marks e WHERE e.player_id IN (games.seat0_player, games.seat1_player))`

const ratingColumns = `player_id, grp, rating, rd, vol, games, updated_at`

func scanRating(r scanner) (PlayerRating, error) {
	var p PlayerRating
	var at int64
	err := r.Scan(&p.Player, &p.Group, &p.R, &p.RD, &p.Vol, &p.Games, &at)
	if at != 0 {
		p.At = fromMillis(at)
	}
	return p, err
}

// ApplyRating implements Ratings.
func (s *sqlStore) ApplyRating(ctx context.Context, g RatingGame) ([2]PlayerRating, error) {
	var out [2]PlayerRating
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var err error
		out, err = s.applyRating(ctx, tx, g)
		return err
	})
	return out, err
}

// applyRating is ApplyRating inside tx.
func (s *sqlStore) applyRating(ctx context.Context, tx *sql.Tx, g RatingGame) ([2]PlayerRating, error) {
	var out [2]PlayerRating
	if g.Players[0] == "" || g.Players[1] == "" || g.Players[0] == g.Players[1] || g.Rate == nil {
		return out, fmt.Errorf("%w: %s: players %q", ErrNotRated, g.GameID, g.Players)
	}
	// The players are the game's seats as stored, not as the caller's
	// copy of the game says (a guest merged into an account moves them).
	var err error
	if g.Players, err = s.seatedPlayers(ctx, tx, g); err != nil {
		return out, err
	}
	res, err := tx.ExecContext(ctx, s.rebind(qClaimRating), g.GameID)
	if err != nil {
		return out, fmt.Errorf("store: rate %s: %w", g.GameID, err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return out, fmt.Errorf("%w: %s", ErrNotRated, g.GameID)
	}
	if g.Group, err = s.botPool(ctx, tx, g); err != nil {
		return out, err
	}
	old, err := s.lockRatings(ctx, tx, g)
	if err != nil {
		return out, err
	}
	if err := s.underPairLimit(ctx, tx, g); err != nil {
		return out, err
	}
	out = g.Rate(old)
	for i := range out {
		out[i].Player, out[i].Group, out[i].Games, out[i].At = g.Players[i], g.Group, old[i].Games+1, g.At
		if err := s.writeRating(ctx, tx, g.GameID, out[i]); err != nil {
			return out, err
		}
	}
	return out, nil
}

// lockRatings returns both players' ratings in g's pool, creating them
// from g.Start, locked until the transaction ends (PostgreSQL; SQLite has
// one writer), in the order of their ids so that two games sharing both
// players cannot deadlock.
func (s *sqlStore) lockRatings(ctx context.Context, tx *sql.Tx, g RatingGame) ([2]PlayerRating, error) {
	var old [2]PlayerRating
	ids := []string{g.Players[0], g.Players[1]}
	slices.Sort(ids)
	forUpdate := ""
	if s.skipLocked != "" {
		forUpdate = " FOR UPDATE"
	}
	for _, id := range ids {
		if _, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO ratings (`+ratingColumns+`) VALUES (?, ?, ?, ?, ?, 0, 0)
			ON CONFLICT (player_id, grp) DO NOTHING`), id, g.Group, g.Start.R, g.Start.RD, g.Start.Vol); err != nil {
			return old, fmt.Errorf("store: rate %s: %w", g.GameID, err)
		}
		p, err := scanRating(tx.QueryRowContext(ctx, s.rebind(`SELECT `+ratingColumns+` FROM ratings WHERE player_id = ? AND grp = ?`+forUpdate), id, g.Group))
		if err != nil {
			return old, fmt.Errorf("store: rate %s: %w", g.GameID, err)
		}
		old[slices.Index(g.Players[:], id)] = p
	}
	return old, nil
}

func (s *sqlStore) writeRating(ctx context.Context, tx *sql.Tx, gameID string, p PlayerRating) error {
	if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE ratings SET rating = ?, rd = ?, vol = ?, games = ?, updated_at = ?
		WHERE player_id = ? AND grp = ?`), p.R, p.RD, p.Vol, p.Games, millis(p.At), p.Player, p.Group); err != nil {
		return fmt.Errorf("store: rate %s: %w", gameID, err)
	}
	if _, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO rating_history (player_id, grp, game_id, rating, rd, at) VALUES (?, ?, ?, ?, ?, ?)`),
		p.Player, p.Group, gameID, p.R, p.RD, millis(p.At)); err != nil {
		return fmt.Errorf("store: rate %s: %w", gameID, err)
	}
	return nil
}

// Rating implements Ratings.
func (s *sqlStore) Rating(ctx context.Context, player, group string) (PlayerRating, bool, error) {
	p, err := scanRating(s.read.QueryRowContext(ctx, s.rebind(`SELECT `+ratingColumns+` FROM ratings
		WHERE player_id = ? AND grp = ? AND games > 0`), player, group))
	if errors.Is(err, sql.ErrNoRows) {
		return PlayerRating{Player: player, Group: group}, false, nil
	}
	if err != nil {
		return PlayerRating{}, false, fmt.Errorf("store: rating of %s: %w", player, err)
	}
	return p, true, nil
}

// PlayerRatings implements Ratings.
func (s *sqlStore) PlayerRatings(ctx context.Context, player string) ([]PlayerRating, error) {
	return s.ratings(ctx, `WHERE player_id = ? AND games > 0 ORDER BY games DESC, grp`, player)
}

// Leaderboard implements Ratings.
func (s *sqlStore) Leaderboard(ctx context.Context, group string, limit int) ([]PlayerRating, error) {
	return s.ratings(ctx, `WHERE grp = ? AND games > 0 AND rd <= ?
		AND NOT EXISTS (SELECT 1 FROM players p WHERE p.id = ratings.player_id AND p.kind <> 'account')
		AND player_id NOT IN (SELECT player_id FROM engine_marks)
		ORDER BY rating DESC, games DESC, player_id LIMIT ?`, group, LeaderboardRD, limit)
}

// PoolRatings implements Moderation.
func (s *sqlStore) PoolRatings(ctx context.Context, group string, limit int) ([]PlayerRating, error) {
	return s.ratings(ctx, `WHERE grp = ? AND games > 0 ORDER BY rating DESC, games DESC, player_id LIMIT ?`, group, limit)
}

func (s *sqlStore) ratings(ctx context.Context, where string, args ...any) ([]PlayerRating, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT `+ratingColumns+` FROM ratings `+where), args...)
	if err != nil {
		return nil, fmt.Errorf("store: ratings: %w", err)
	}
	defer rows.Close()
	var out []PlayerRating
	for rows.Next() {
		p, err := scanRating(rows)
		if err != nil {
			return nil, fmt.Errorf("store: ratings: %w", err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: ratings: %w", err)
	}
	return out, nil
}

// RatingHistory implements Ratings.
func (s *sqlStore) RatingHistory(ctx context.Context, player, group string) ([]RatingPoint, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT game_id, rating, rd, at FROM rating_history
		WHERE player_id = ? AND grp = ? ORDER BY at, game_id`), player, group)
	if err != nil {
		return nil, fmt.Errorf("store: rating history: %w", err)
	}
	defer rows.Close()
	var out []RatingPoint
	for rows.Next() {
		var p RatingPoint
		var at int64
		if err := rows.Scan(&p.GameID, &p.R, &p.RD, &at); err != nil {
			return nil, fmt.Errorf("store: rating history: %w", err)
		}
		p.At = fromMillis(at)
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: rating history: %w", err)
	}
	return out, nil
}
