package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"
)

// migrations holds one folder of numbered SQL files per dialect:
// "0001_games.sql" is version 1. A file, once released, never changes;
// a change to the schema is a new file, with a number above every
// released one.
//
//go:embed migrations
var migrations embed.FS

type migration struct {
	version int
	name    string
	sql     string
}

// loadMigrations reads a dialect's migrations from fsys in version order.
func loadMigrations(fsys fs.FS, dialect string) ([]migration, error) {
	dir := path.Join("migrations", dialect)
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("store: migrations: %w", err)
	}
	var out []migration
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || !strings.HasSuffix(e.Name(), ".sql") {
			return nil, fmt.Errorf("store: migration %q: want NNNN_name.sql", e.Name())
		}
		b, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("store: migration %q: %w", e.Name(), err)
		}
		out = append(out, migration{v, e.Name(), string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	// Numbers may leave gaps (branches developed side by side pick theirs
	// apart), but never repeat: each is recorded as applied by its number.
	for i, m := range out {
		if m.version < 1 || (i > 0 && m.version == out[i-1].version) {
			return nil, fmt.Errorf("store: migration %q: want a version of its own, from 1 up", m.name)
		}
	}
	return out, nil
}

// migrate applies the migrations not yet recorded in schema_migrations,
// each in its own transaction with its record, all on one connection.
// lock, when not empty, is run first on that connection and unlock at
// the end: it must hold a session lock, so that two processes starting
// together on a fresh database take turns from the creation of
// schema_migrations on (PostgreSQL's CREATE TABLE IF NOT EXISTS is not
// safe against a concurrent twin).
func migrate(ctx context.Context, db *sql.DB, dialect string, rebind func(string) string, lock, unlock string) error {
	ms, err := loadMigrations(migrations, dialect)
	if err != nil {
		return err
	}
	conn, err := connect(ctx, db)
	if err != nil {
		return fmt.Errorf("store: migrations: %w", err)
	}
	defer conn.Close()
	if lock != "" {
		if _, err := conn.ExecContext(ctx, lock); err != nil {
			return fmt.Errorf("store: migration lock: %w", err)
		}
		// Closing the connection would release the lock too, but the pool
		// keeps connections open.
		defer conn.ExecContext(context.WithoutCancel(ctx), unlock) //nolint:errcheck // it fails only with its session, whose end frees the lock
	}
	if _, err := conn.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("store: migrations table: %w", err)
	}
	for _, m := range ms {
		if err := applyMigration(ctx, conn, m, rebind); err != nil {
			return err
		}
	}
	return nil
}

func applyMigration(ctx context.Context, conn *sql.Conn, m migration, rebind func(string) string) error {
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: migration %s: %w", m.name, err)
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, rebind(`SELECT count(*) FROM schema_migrations WHERE version = ?`), m.version).Scan(&n); err != nil {
		return fmt.Errorf("store: migration %s: %w", m.name, err)
	}
	if n > 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return fmt.Errorf("store: migration %s: %w", m.name, err)
	}
	if _, err := tx.ExecContext(ctx, rebind(`INSERT INTO schema_migrations (version, name) VALUES (?, ?)`), m.version, m.name); err != nil {
		return fmt.Errorf("store: migration %s: %w", m.name, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: migration %s: %w", m.name, err)
	}
	return nil
}

// connect takes a connection for the migrations. A fresh SQLite file
// that another process is creating at the same moment answers
// SQLITE_BUSY while it turns on WAL, without waiting for busy_timeout:
// that is worth a few tries, not a failed start.
func connect(ctx context.Context, db *sql.DB) (*sql.Conn, error) {
	for try := 0; ; try++ {
		conn, err := db.Conn(ctx)
		if err == nil || !busy(err) || try == 50 {
			return conn, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}
