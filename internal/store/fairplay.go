package store

import (
	"context"
	"database/sql"
	"time"
)

// Refund is the rating points given back to a marked player's opponent
// for one game they lost to them.
type Refund struct {
	GameID string
	Player string
	Group  string
	Points float64
}

// FairPlay keeps the engine marks: MarkEngine marks a player and gives
// back, once, what their opponents lost to them.
type FairPlay interface {
	// MarkEngine marks player as an engine user and, in the same
	// transaction, refunds every opponent's rating loss in a rated game
	// against them (the rating before the game minus the rating after,
	// added to their current rating; start is the rating of a player's
	// first game). Marking a marked player changes nothing and returns
	// no refunds: the mark's row and the refunds' keys make it once,
	// across servers.
	MarkEngine(ctx context.Context, player, by string, start float64, at time.Time) ([]Refund, error)
	// EngineMarked reports whether a player is marked.
	EngineMarked(ctx context.Context, player string) (bool, error)
	// BadEndings returns when the player's games between two people
	// that they aborted or let time out ended, since since: a game
	// "time out" lost by them, or "aborted" with no move of theirs (the
	// first seat's when neither moved).
	BadEndings(ctx context.Context, player string, since time.Time) ([]time.Time, error)
}

const qBadEndings = `SELECT g.updated_at FROM games g WHERE g.updated_at > ? AND g.seat0_kind = 'human' AND g.seat1_kind = 'human'
	AND g.seat0_player <> g.seat1_player AND (
	(g.reason = 'time out' AND ((g.result = 'second' AND g.seat0_player = ?) OR (g.result = 'first' AND g.seat1_player = ?)))
	OR (g.reason = 'aborted' AND (
		(g.seat0_player = ? AND NOT EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id AND m.player = 0))
		OR (g.seat1_player = ? AND EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id AND m.player = 0)
			AND NOT EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id AND m.player = 1)))))
	ORDER BY g.updated_at`

// BadEndings implements FairPlay.
func (s *sqlStore) BadEndings(ctx context.Context, player string, since time.Time) ([]time.Time, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(qBadEndings), millis(since), player, player, player, player)
	if err != nil {
		return nil, wrapErr("bad endings of", player, err)
	}
	defer rows.Close()
	var out []time.Time
	for rows.Next() {
		var at int64
		if err := rows.Scan(&at); err != nil {
			return nil, wrapErr("bad endings of", player, err)
		}
		out = append(out, fromMillis(at))
	}
	return out, wrapErr("bad endings of", player, rows.Err())
}

var _ FairPlay = (*sqlStore)(nil)

// EngineMarked implements FairPlay.
func (s *sqlStore) EngineMarked(ctx context.Context, player string) (bool, error) {
	var n int
	err := s.read.QueryRowContext(ctx, s.rebind(`SELECT count(*) FROM engine_marks WHERE player_id = ?`), player).Scan(&n)
	return n > 0, wrapErr("engine mark of", player, err)
}

// MarkEngine implements FairPlay.
func (s *sqlStore) MarkEngine(ctx context.Context, player, by string, start float64, at time.Time) ([]Refund, error) {
	var out []Refund
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		out = nil
		res, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO engine_marks (player_id, marked_by, marked_at) VALUES (?, ?, ?)
			ON CONFLICT (player_id) DO NOTHING`), player, by, millis(at))
		if err != nil {
			return wrapErr("mark", player, err)
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return wrapErr("mark", player, err)
		}
		losses, err := s.lossesTo(ctx, tx, player, start)
		if err != nil {
			return err
		}
		for _, r := range losses {
			ok, err := s.refund(ctx, tx, r, at)
			if err != nil {
				return err
			}
			if ok {
				out = append(out, r)
			}
		}
		return nil
	})
	return out, err
}

// lossesTo returns the rating points each opponent of player lost in a
// rated game against them.
func (s *sqlStore) lossesTo(ctx context.Context, tx *sql.Tx, player string, start float64) ([]Refund, error) {
	rows, err := tx.QueryContext(ctx, s.rebind(`SELECT h.game_id, h.grp, h.player_id, h.rating, h.at,
		COALESCE((SELECT p.rating FROM rating_history p WHERE p.player_id = h.player_id AND p.grp = h.grp
			AND (p.at < h.at OR (p.at = h.at AND p.game_id < h.game_id)) ORDER BY p.at DESC, p.game_id DESC LIMIT 1), ?)
		FROM rating_history h JOIN games g ON g.id = h.game_id
		WHERE h.player_id <> ? AND (g.seat0_player = ? OR g.seat1_player = ?)`), start, player, player, player)
	if err != nil {
		return nil, wrapErr("losses to", player, err)
	}
	defer rows.Close()
	var out []Refund
	for rows.Next() {
		var r Refund
		var after, before float64
		var at int64
		if err := rows.Scan(&r.GameID, &r.Group, &r.Player, &after, &at, &before); err != nil {
			return nil, wrapErr("losses to", player, err)
		}
		if before > after {
			r.Points = before - after
			out = append(out, r)
		}
	}
	return out, wrapErr("losses to", player, rows.Err())
}

// refund gives r's points back unless they were given already.
func (s *sqlStore) refund(ctx context.Context, tx *sql.Tx, r Refund, at time.Time) (bool, error) {
	res, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO rating_refunds (game_id, player_id, grp, points, at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (game_id, player_id) DO NOTHING`), r.GameID, r.Player, r.Group, r.Points, millis(at))
	if err != nil {
		return false, wrapErr("refund", r.Player, err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return false, wrapErr("refund", r.Player, err)
	}
	_, err = tx.ExecContext(ctx, s.rebind(`UPDATE ratings SET rating = rating + ? WHERE player_id = ? AND grp = ?`), r.Points, r.Player, r.Group)
	return err == nil, wrapErr("refund", r.Player, err)
}
