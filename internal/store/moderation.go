package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/moderation"
)

// Moderation is the store of internal/moderation: blocks, reports,
// roles and the audit log. Both SQL stores implement it; the server
// finds it by a type assertion, so store.Store does not grow.
type Moderation interface {
	moderation.BlockStore
	moderation.ReportStore
	moderation.ModStore
	moderation.PlayerFinder
	moderation.AddressStore
	// EntriesBy returns the actions moderator took, newest first, at
	// most limit: a moderator's own audit log.
	EntriesBy(ctx context.Context, moderator string, limit int) ([]moderation.Entry, error)
	// BlockedWith returns the players who blocked player or whom
	// player blocked.
	BlockedWith(ctx context.Context, player string) (map[string]bool, error)
	// PoolRatings returns every player rated in a pool, highest rating
	// first: the screening looks at all of them, not only those a
	// leaderboard shows (guests, provisional ratings and marked players
	// included).
	PoolRatings(ctx context.Context, group string, limit int) ([]PlayerRating, error)
}

var _ Moderation = (*sqlStore)(nil)

// PlayerExists implements moderation.PlayerFinder: a player not deleted.
func (s *sqlStore) PlayerExists(ctx context.Context, id string) (bool, error) {
	var n int
	err := s.read.QueryRowContext(ctx, s.rebind(`SELECT count(*) FROM players WHERE id = ? AND kind <> 'deleted'`), id).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("store: player %s: %w", id, err)
	}
	return n > 0, nil
}

// SetBlock implements moderation.BlockStore.
func (s *sqlStore) SetBlock(ctx context.Context, blocker, blocked string, on bool, max int, at time.Time) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if !on {
			_, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM blocks WHERE blocker = ? AND blocked = ?`), blocker, blocked)
			return wrapErr("unblock", blocker, err)
		}
		var n int
		if err := tx.QueryRowContext(ctx, s.rebind(`SELECT count(*) FROM blocks WHERE blocker = ?`), blocker).Scan(&n); err != nil {
			return wrapErr("block", blocker, err)
		}
		if n >= max {
			return fmt.Errorf("%w: at most %d blocked players", moderation.ErrTooMany, max)
		}
		_, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO blocks (blocker, blocked, at) VALUES (?, ?, ?)
			ON CONFLICT (blocker, blocked) DO NOTHING`), blocker, blocked, millis(at))
		return wrapErr("block", blocker, err)
	})
}

func wrapErr(what, who string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("store: %s %s: %w", what, who, err)
}

// Blocks implements moderation.BlockStore.
func (s *sqlStore) Blocks(ctx context.Context, blocker string) ([]moderation.Block, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT blocked, at FROM blocks WHERE blocker = ? ORDER BY at DESC, blocked`), blocker)
	if err != nil {
		return nil, wrapErr("blocks of", blocker, err)
	}
	defer rows.Close()
	var out []moderation.Block
	for rows.Next() {
		var b moderation.Block
		var at int64
		if err := rows.Scan(&b.Blocked, &at); err != nil {
			return nil, wrapErr("blocks of", blocker, err)
		}
		b.At = fromMillis(at)
		out = append(out, b)
	}
	return out, wrapErr("blocks of", blocker, rows.Err())
}

// BlockedEither implements moderation.BlockStore.
func (s *sqlStore) BlockedEither(ctx context.Context, a, b string) (bool, error) {
	var n int
	err := s.read.QueryRowContext(ctx, s.rebind(`SELECT count(*) FROM blocks WHERE (blocker = ? AND blocked = ?) OR (blocker = ? AND blocked = ?)`),
		a, b, b, a).Scan(&n)
	return n > 0, wrapErr("blocks between", a, err)
}

// AddReport implements moderation.ReportStore.
func (s *sqlStore) AddReport(ctx context.Context, r moderation.Report, max int, since time.Time) (int64, error) {
	var id int64
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, s.rebind(`SELECT count(*) FROM reports WHERE reporter = ? AND created_at > ?`),
			r.Reporter, millis(since)).Scan(&n); err != nil {
			return wrapErr("report by", r.Reporter, err)
		}
		if n >= max {
			return fmt.Errorf("%w: at most %d reports a day", moderation.ErrTooMany, max)
		}
		err := tx.QueryRowContext(ctx, s.rebind(`INSERT INTO reports (reporter, reported, reason, note, game_id, evidence, status, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`), r.Reporter, r.Reported, string(r.Reason), r.Note, r.GameID,
			moderation.EncodeEvidence(r.Evidence), r.Status, millis(r.Created)).Scan(&id)
		return wrapErr("report by", r.Reporter, err)
	})
	return id, err
}

const reportColumns = `id, reporter, reported, reason, note, game_id, evidence, status, created_at, resolved_at, resolved_by`

func (s *sqlStore) queryReports(ctx context.Context, where string, args ...any) ([]moderation.Report, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT `+reportColumns+` FROM reports `+where), args...)
	if err != nil {
		return nil, fmt.Errorf("store: reports: %w", err)
	}
	defer rows.Close()
	var out []moderation.Report
	for rows.Next() {
		r, err := scanReport(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, wrapErr("reports", "", rows.Err())
}

func scanReport(sc scanner) (moderation.Report, error) {
	var r moderation.Report
	var reason, evidence string
	var created, resolved int64
	err := sc.Scan(&r.ID, &r.Reporter, &r.Reported, &reason, &r.Note, &r.GameID, &evidence, &r.Status, &created, &resolved, &r.ResolvedBy)
	if errors.Is(err, sql.ErrNoRows) {
		return r, fmt.Errorf("%w: no such report", moderation.ErrNotFound)
	}
	if err != nil {
		return r, fmt.Errorf("store: report: %w", err)
	}
	r.Reason, r.Evidence, r.Created = moderation.Reason(reason), moderation.DecodeEvidence(evidence), fromMillis(created)
	if resolved != 0 {
		r.Resolved = fromMillis(resolved)
	}
	return r, nil
}

// ReportsBy implements moderation.ReportStore.
func (s *sqlStore) ReportsBy(ctx context.Context, reporter string) ([]moderation.Report, error) {
	return s.queryReports(ctx, `WHERE reporter = ? ORDER BY created_at DESC, id DESC`, reporter)
}

// ReportsAbout implements moderation.ReportStore.
func (s *sqlStore) ReportsAbout(ctx context.Context, reported string) ([]moderation.Report, error) {
	return s.queryReports(ctx, `WHERE reported = ? ORDER BY created_at DESC, id DESC`, reported)
}

// OpenReports implements moderation.ReportStore.
func (s *sqlStore) OpenReports(ctx context.Context) ([]moderation.Report, error) {
	return s.queryReports(ctx, `WHERE status = ? ORDER BY reason, created_at, id`, moderation.Open)
}

// LoadReport implements moderation.ReportStore.
func (s *sqlStore) LoadReport(ctx context.Context, id int64) (moderation.Report, error) {
	return scanReport(s.read.QueryRowContext(ctx, s.rebind(`SELECT `+reportColumns+` FROM reports WHERE id = ?`), id))
}

// ResolveReport implements moderation.ReportStore: the status changes
// from open once, whichever server asks first.
func (s *sqlStore) ResolveReport(ctx context.Context, id int64, status, by string, at time.Time) (bool, error) {
	var n int64
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.rebind(`UPDATE reports SET status = ?, resolved_by = ?, resolved_at = ? WHERE id = ? AND status = ?`),
			status, by, millis(at), id, moderation.Open)
		if err != nil {
			return wrapErr("resolve report", by, err)
		}
		n, err = res.RowsAffected()
		return wrapErr("resolve report", by, err)
	})
	return n == 1, err
}

// RoleOf implements moderation.ModStore.
func (s *sqlStore) RoleOf(ctx context.Context, player string) (moderation.Role, error) {
	var r string
	err := s.read.QueryRowContext(ctx, s.rebind(`SELECT role FROM roles WHERE player_id = ?`), player).Scan(&r)
	if errors.Is(err, sql.ErrNoRows) {
		return moderation.NoRole, nil
	}
	return moderation.Role(r), wrapErr("role of", player, err)
}

// SetRole implements moderation.ModStore; the grant is logged.
func (s *sqlStore) SetRole(ctx context.Context, player string, role moderation.Role, by string, at time.Time) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var err error
		if role == moderation.NoRole {
			_, err = tx.ExecContext(ctx, s.rebind(`DELETE FROM roles WHERE player_id = ?`), player)
		} else {
			_, err = tx.ExecContext(ctx, s.rebind(`INSERT INTO roles (player_id, role, granted_at, granted_by) VALUES (?, ?, ?, ?)
				ON CONFLICT (player_id) DO UPDATE SET role = excluded.role, granted_at = excluded.granted_at, granted_by = excluded.granted_by`),
				player, string(role), millis(at), by)
		}
		if err != nil {
			return wrapErr("role of", player, err)
		}
		_, err = tx.ExecContext(ctx, s.rebind(`INSERT INTO mod_actions (moderator, player_id, action, reason, at) VALUES (?, ?, ?, ?, ?)`),
			by, player, string(moderation.GrantRole), "role "+string(role), millis(at))
		return wrapErr("role of", player, err)
	})
}

// AddEntry implements moderation.ModStore.
func (s *sqlStore) AddEntry(ctx context.Context, e moderation.Entry) (int64, error) {
	var id int64
	var until int64
	if !e.Until.IsZero() {
		until = millis(e.Until)
	}
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, s.rebind(`INSERT INTO mod_actions (moderator, player_id, action, reason, report_id, until, at)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`), e.Moderator, e.Player, string(e.Action), e.Reason, e.Report, until, millis(e.At)).Scan(&id)
		return wrapErr("audit", e.Player, err)
	})
	return id, err
}

// Entries implements moderation.ModStore.
func (s *sqlStore) Entries(ctx context.Context, player string, limit int) ([]moderation.Entry, error) {
	return s.entries(ctx, "player_id", player, limit)
}

// EntriesBy returns the actions moderator took, newest first, at most
// limit.
func (s *sqlStore) EntriesBy(ctx context.Context, moderator string, limit int) ([]moderation.Entry, error) {
	return s.entries(ctx, "moderator", moderator, limit)
}

// entries reads the audit log where column is player ("" for all).
func (s *sqlStore) entries(ctx context.Context, column, player string, limit int) ([]moderation.Entry, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT id, moderator, player_id, action, reason, report_id, until, seen_at, at
		FROM mod_actions WHERE `+column+` = ? OR ? = '' ORDER BY at DESC, id DESC LIMIT ?`), player, player, limit)
	if err != nil {
		return nil, wrapErr("audit of", player, err)
	}
	defer rows.Close()
	var out []moderation.Entry
	for rows.Next() {
		var e moderation.Entry
		var action string
		var until, seen, at int64
		if err := rows.Scan(&e.ID, &e.Moderator, &e.Player, &action, &e.Reason, &e.Report, &until, &seen, &at); err != nil {
			return nil, wrapErr("audit of", player, err)
		}
		e.Action, e.At = moderation.Action(action), fromMillis(at)
		if until != 0 {
			e.Until = fromMillis(until)
		}
		if seen != 0 {
			e.SeenAt = fromMillis(seen)
		}
		out = append(out, e)
	}
	return out, wrapErr("audit of", player, rows.Err())
}

// MarkSeen implements moderation.ModStore.
func (s *sqlStore) MarkSeen(ctx context.Context, player string, at time.Time) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.rebind(`UPDATE mod_actions SET seen_at = ? WHERE player_id = ? AND action = ? AND seen_at = 0`),
			millis(at), player, string(moderation.Warn))
		return wrapErr("warnings of", player, err)
	})
}

// BlockedWith returns the players who blocked player or whom player
// blocked.
func (s *sqlStore) BlockedWith(ctx context.Context, player string) (map[string]bool, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT blocked FROM blocks WHERE blocker = ? UNION SELECT blocker FROM blocks WHERE blocked = ?`),
		player, player)
	if err != nil {
		return nil, wrapErr("blocks with", player, err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, wrapErr("blocks with", player, err)
		}
		out[id] = true
	}
	return out, wrapErr("blocks with", player, rows.Err())
}

// BlocksAmong implements tournaments.BlockLister: the blocks whose two
// players are both among players, each once, the blocker first. The
// players are read in batches, so an event of thousands stays within
// every database's limit on a statement's parameters.
func (s *sqlStore) BlocksAmong(ctx context.Context, players []string) ([][2]string, error) {
	in := make(map[string]bool, len(players))
	for _, p := range players {
		in[p] = true
	}
	var out [][2]string
	for start := 0; start < len(players); start += blockBatch {
		batch := players[start:min(start+blockBatch, len(players))]
		marks := strings.TrimSuffix(strings.Repeat("?, ", len(batch)), ", ")
		args := make([]any, len(batch))
		for i, p := range batch {
			args[i] = p
		}
		rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT blocker, blocked FROM blocks WHERE blocker IN (`+marks+`) ORDER BY blocker, blocked`), args...)
		if err != nil {
			return nil, fmt.Errorf("store: blocks among players: %w", err)
		}
		for rows.Next() {
			var b [2]string
			if err := rows.Scan(&b[0], &b[1]); err != nil {
				rows.Close()
				return nil, fmt.Errorf("store: blocks among players: %w", err)
			}
			if in[b[1]] {
				out = append(out, b)
			}
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("store: blocks among players: %w", err)
		}
	}
	return out, nil
}

// blockBatch is how many players one query of BlocksAmong names.
const blockBatch = 500
