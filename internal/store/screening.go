package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/plateau-games/plateau/internal/moderation"
)

// PoolGame is one player's rated game of a pool, when it was rated.
type PoolGame struct {
	Player string
	GameID string
	At     time.Time
}

// ClaimScreening leases pool's screening run to owner until now+lease
// when it is due and no live lease holds it, and returns how far the
// pool's rated games were screened; ok is false when another server
// holds it or it is not due. The first claim of a pool makes its row.
func (s *sqlStore) ClaimScreening(ctx context.Context, pool, owner string, now time.Time, lease time.Duration) (since time.Time, ok bool, err error) {
	err = s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO screening_runs (pool) VALUES (?) ON CONFLICT (pool) DO NOTHING`), pool); err != nil {
			return err
		}
		var to int64
		err := tx.QueryRowContext(ctx, s.rebind(`UPDATE screening_runs SET owner = ?, lease_until = ?
			WHERE pool = ? AND due <= ? AND lease_until <= ? RETURNING checked_to`),
			owner, millis(now.Add(lease)), pool, millis(now), millis(now)).Scan(&to)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		since, ok = fromMillis(to), err == nil
		return err
	})
	if err != nil {
		return time.Time{}, false, fmt.Errorf("store: claim the screening of %s: %w", pool, err)
	}
	return since, ok, nil
}

// FinishScreening ends owner's lease of pool's run: the games were
// screened up to to, the next run is due at due. ErrLeaseLost when
// another server took the run meanwhile: nothing is written.
func (s *sqlStore) FinishScreening(ctx context.Context, pool, owner string, to, due time.Time) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.rebind(`UPDATE screening_runs SET owner = '', lease_until = 0, checked_to = ?, due = ?
			WHERE pool = ? AND owner = ? AND lease_until > 0`), millis(to), millis(due), pool, owner)
		return tourOneRow(res, err, "finish the screening of "+pool, ErrLeaseLost)
	})
}

// RatedSince returns at most n rated games of pool, per player, rated
// after since and at or before until, oldest first.
func (s *sqlStore) RatedSince(ctx context.Context, pool string, since, until time.Time, n int) ([]PoolGame, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT player_id, game_id, at FROM rating_history
		WHERE grp = ? AND at > ? AND at <= ? ORDER BY at, game_id, player_id LIMIT ?`), pool, millis(since), millis(until), n)
	if err != nil {
		return nil, wrapErr("rated games of", pool, err)
	}
	defer rows.Close()
	var out []PoolGame
	for rows.Next() {
		var g PoolGame
		var at int64
		if err := rows.Scan(&g.Player, &g.GameID, &at); err != nil {
			return nil, wrapErr("rated games of", pool, err)
		}
		g.At = fromMillis(at)
		out = append(out, g)
	}
	return out, wrapErr("rated games of", pool, rows.Err())
}

// PoolGames returns the ids of player's last n rated games of pool,
// newest first.
func (s *sqlStore) PoolGames(ctx context.Context, player, pool string, n int) ([]string, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT game_id FROM rating_history WHERE player_id = ? AND grp = ?
		ORDER BY at DESC, game_id DESC LIMIT ?`), player, pool, n)
	if err != nil {
		return nil, wrapErr("rated games of", player, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, wrapErr("rated games of", player, err)
		}
		out = append(out, id)
	}
	return out, wrapErr("rated games of", player, rows.Err())
}

// QueueScreening files r, a screening report, once per player, pool
// and last game judged (the evidence), in one transaction: a second
// call with the same evidence, by any server, files nothing (false),
// and so does one while a screening report about the player is open.
func (s *sqlStore) QueueScreening(ctx context.Context, pool, lastGame string, r moderation.Report) (bool, error) {
	filed := false
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO screening_flags (pool, player_id, last_game, flagged_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (pool, player_id, last_game) DO NOTHING`), pool, r.Reported, lastGame, millis(r.Created))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		var open int
		if err := tx.QueryRowContext(ctx, s.rebind(`SELECT count(*) FROM reports WHERE reported = ? AND reason = ? AND status = ?`),
			r.Reported, string(moderation.ScreeningReason), moderation.Open).Scan(&open); err != nil || open > 0 {
			return err
		}
		_, err = tx.ExecContext(ctx, s.rebind(`INSERT INTO reports (reporter, reported, reason, note, game_id, evidence, status, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`), r.Reporter, r.Reported, string(r.Reason), r.Note, r.GameID,
			moderation.EncodeEvidence(r.Evidence), r.Status, millis(r.Created))
		filed = err == nil
		return err
	})
	if err != nil {
		return false, wrapErr("queue the screening of", r.Reported, err)
	}
	return filed, nil
}
