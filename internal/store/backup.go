package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
)

// ErrExists is returned by BackupSQLite when the copy's file exists.
var ErrExists = errors.New("store: backup file exists")

// BackupSQLite copies the SQLite database at path into a new file out,
// with VACUUM INTO: one read transaction, so the copy is consistent even
// while a server writes, and compact. It returns the number of games in
// the copy, read back from it.
func BackupSQLite(ctx context.Context, path, out string) (int, error) {
	if _, err := os.Stat(path); err != nil {
		return 0, fmt.Errorf("store: backup: %w", err)
	}
	if _, err := os.Stat(out); err == nil {
		return 0, fmt.Errorf("%w: %s", ErrExists, out)
	}
	// mode=rw: never create the database being backed up.
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode=rw&_pragma=busy_timeout(10000)")
	if err != nil {
		return 0, fmt.Errorf("store: backup: %w", err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, out); err != nil {
		return 0, fmt.Errorf("store: backup: %w", err)
	}
	return checkCopy(ctx, out)
}

// checkCopy opens a backup, checks its pages and counts its games.
func checkCopy(ctx context.Context, out string) (int, error) {
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: out}).EscapedPath()+"?mode=ro")
	if err != nil {
		return 0, fmt.Errorf("store: backup check: %w", err)
	}
	defer db.Close()
	var verdict string
	if err := db.QueryRowContext(ctx, `PRAGMA quick_check`).Scan(&verdict); err != nil {
		return 0, fmt.Errorf("store: backup check: %w", err)
	}
	if verdict != "ok" {
		return 0, fmt.Errorf("store: backup check: %q", verdict)
	}
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM games`).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: backup check: %w", err)
	}
	return n, nil
}
