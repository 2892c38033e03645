package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Job is an AI move owed: the game's AI seat is to act at Version.
type Job struct {
	GameID  string
	Version int64
	// Due is when the job may be claimed: when the move became owed, or
	// when a failed attempt may be retried. Jobs are claimed in its
	// order, so the queue is first come, first served.
	Due time.Time
	// Attempts counts the claims, this one included.
	Attempts int
}

// Jobs is the queue of AI moves owed, shared by every server on the
// database. Store.Create and Store.Update write a game's job in the
// transaction of the change that makes it owed, and delete it in the
// transaction of the move that pays it; these methods lease jobs to the
// servers that search for the moves. Times are the caller's (a clock it
// may fake in tests); servers sharing a database need clocks that agree
// to well within a lease.
type Jobs interface {
	// ClaimJobs leases to owner until now+lease at most n jobs that are
	// due at now and not leased (or whose lease expired), oldest due
	// first. Two servers claiming at once never get the same job.
	ClaimJobs(ctx context.Context, owner string, now time.Time, lease time.Duration, n int) ([]Job, error)
	// RenewJob extends owner's lease of j until until, or returns
	// ErrLeaseLost when j is no longer owner's (expired and taken, or
	// replaced by a change of the game).
	RenewJob(ctx context.Context, j Job, owner string, until time.Time) error
	// ReleaseJob gives j back, due again at due: after a failed attempt
	// (later, with backoff) or at shutdown (at once). ErrLeaseLost when
	// j is no longer owner's.
	ReleaseJob(ctx context.Context, j Job, owner string, due time.Time) error
	// DropJob deletes j, which owner found moot (the game does not owe
	// that move); ErrLeaseLost when j is no longer owner's.
	DropJob(ctx context.Context, j Job, owner string) error
	// DueJobs counts the jobs due at now that no lease holds: the queue.
	DueJobs(ctx context.Context, now time.Time) (int, error)
}

// The statements of the jobs, written with "?" and rebound per dialect.
const (
	qJobSet = `INSERT INTO ai_jobs (game_id, version, due, owner, lease_until, attempts) VALUES (?, ?, ?, '', 0, 0)
		ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, due = excluded.due, owner = '', lease_until = 0, attempts = 0`
	qJobDel   = `DELETE FROM ai_jobs WHERE game_id = ?`
	qJobClaim = `UPDATE ai_jobs SET owner = ?, lease_until = ?, attempts = attempts + 1
		WHERE game_id IN (SELECT game_id FROM ai_jobs WHERE due <= ? AND lease_until <= ? ORDER BY due, game_id LIMIT ?%s)
		RETURNING game_id, version, due, attempts`
	qJobRenew   = `UPDATE ai_jobs SET lease_until = ? WHERE game_id = ? AND version = ? AND owner = ?`
	qJobRelease = `UPDATE ai_jobs SET owner = '', lease_until = 0, due = ? WHERE game_id = ? AND version = ? AND owner = ?`
	qJobDrop    = `DELETE FROM ai_jobs WHERE game_id = ? AND version = ? AND owner = ?`
	qJobsDue    = `SELECT count(*) FROM ai_jobs WHERE due <= ? AND lease_until <= ?`
)

// setJob writes, in a change's transaction, the game's job as the change
// leaves it: owed at version from at, or none.
func (s *sqlStore) setJob(ctx context.Context, tx *sql.Tx, id string, owed bool, version int64, at time.Time) error {
	var err error
	if owed {
		_, err = execIn(ctx, s.wstmts, tx, s.rebind(qJobSet), id, version, millis(at))
	} else {
		_, err = execIn(ctx, s.wstmts, tx, s.rebind(qJobDel), id)
	}
	if err != nil {
		return fmt.Errorf("store: AI job of %s: %w", id, err)
	}
	return nil
}

// ClaimJobs implements Jobs. On PostgreSQL the jobs are picked with FOR
// UPDATE SKIP LOCKED, so concurrent claimers pass each other by instead
// of waiting or taking the same rows; SQLite has one writer anyway.
func (s *sqlStore) ClaimJobs(ctx context.Context, owner string, now time.Time, lease time.Duration, n int) ([]Job, error) {
	if n <= 0 {
		return nil, nil
	}
	q := s.rebind(fmt.Sprintf(qJobClaim, s.skipLocked))
	var jobs []Job
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		jobs = jobs[:0]
		rows, err := tx.QueryContext(ctx, q, owner, millis(now.Add(lease)), millis(now), millis(now), n)
		if err != nil {
			return fmt.Errorf("store: claim jobs: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var j Job
			var due int64
			if err := rows.Scan(&j.GameID, &j.Version, &due, &j.Attempts); err != nil {
				return fmt.Errorf("store: claim jobs: %w", err)
			}
			j.Due = fromMillis(due)
			jobs = append(jobs, j)
		}
		if err := rows.Err(); err != nil {
			return fmt.Errorf("store: claim jobs: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// RETURNING keeps no order: first come, first served.
	slices.SortFunc(jobs, func(a, b Job) int {
		if c := a.Due.Compare(b.Due); c != 0 {
			return c
		}
		return strings.Compare(a.GameID, b.GameID)
	})
	return jobs, nil
}

// RenewJob implements Jobs.
func (s *sqlStore) RenewJob(ctx context.Context, j Job, owner string, until time.Time) error {
	return s.jobExec(ctx, "renew", qJobRenew, millis(until), j.GameID, j.Version, owner)
}

// ReleaseJob implements Jobs.
func (s *sqlStore) ReleaseJob(ctx context.Context, j Job, owner string, due time.Time) error {
	return s.jobExec(ctx, "release", qJobRelease, millis(due), j.GameID, j.Version, owner)
}

// DropJob implements Jobs.
func (s *sqlStore) DropJob(ctx context.Context, j Job, owner string) error {
	return s.jobExec(ctx, "drop", qJobDrop, j.GameID, j.Version, owner)
}

// jobExec runs a statement on one job held by its owner: no row touched
// means the lease is lost.
func (s *sqlStore) jobExec(ctx context.Context, what, q string, args ...any) error {
	q = s.rebind(q)
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, q, args...)
		if err != nil {
			return fmt.Errorf("store: %s job: %w", what, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("store: %s job: %w", what, err)
		}
		if n != 1 {
			return fmt.Errorf("store: %s job: %w", what, ErrLeaseLost)
		}
		return nil
	})
}

// DueJobs implements Jobs.
func (s *sqlStore) DueJobs(ctx context.Context, now time.Time) (int, error) {
	var n int
	if err := s.read.QueryRowContext(ctx, s.rebind(qJobsDue), millis(now), millis(now)).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: due jobs: %w", err)
	}
	return n, nil
}
