package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/url"

	"modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"
)

// sqliteStore is a SQLite file in WAL mode: one writer connection fed by
// a group committer, and a pool of readers that WAL lets run alongside.
type sqliteStore struct {
	sqlStore
	writer *sql.DB
	gc     *groupCommitter
}

// sqliteDSN builds the driver's DSN. synchronous=FULL syncs the WAL at
// every commit, so an acknowledged move survives a power cut, not only a
// crash; group commit is what keeps that affordable.
func sqliteDSN(path string, readOnly bool) string {
	v := url.Values{}
	for _, p := range []string{"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(FULL)", "foreign_keys(1)"} {
		v.Add("_pragma", p)
	}
	if readOnly {
		v.Add("_pragma", "query_only(1)")
	} else {
		v.Set("_txlock", "immediate")
	}
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + v.Encode()
}

// OpenSQLite opens (creating it if needed) the SQLite database at path
// and applies the pending migrations.
func OpenSQLite(ctx context.Context, path string, log *slog.Logger) (Store, error) {
	w, err := sql.Open("sqlite", sqliteDSN(path, false))
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	if err := migrate(ctx, w, "sqlite", identity, "", ""); err != nil {
		w.Close()
		return nil, err
	}
	// One process serves a SQLite file: leases found at opening are a
	// dead process's, and its AI jobs are due again at once.
	if _, err := w.ExecContext(ctx, `UPDATE ai_jobs SET owner = '', lease_until = 0 WHERE owner <> ''`); err != nil {
		w.Close()
		return nil, fmt.Errorf("store: open %s: releasing AI jobs: %w", path, err)
	}
	r, err := sql.Open("sqlite", sqliteDSN(path, true))
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	r.SetMaxOpenConns(8)
	r.SetMaxIdleConns(8)
	ws, err := prepareAll(ctx, w, writeQueries)
	if err != nil {
		w.Close()
		r.Close()
		return nil, err
	}
	rs, err := prepareAll(ctx, r, readQueries)
	if err != nil {
		ws.close()
		w.Close()
		r.Close()
		return nil, err
	}
	gc := newGroupCommitter(w, ws, log)
	s := &sqliteStore{writer: w, gc: gc}
	s.sqlStore = sqlStore{read: r, write: gc.do, rebind: identity, wstmts: ws, rstmts: rs, held: newHeldCache()}
	return s, nil
}

// Close implements Store.
func (s *sqliteStore) Close() error {
	s.gc.close()
	s.wstmts.close()
	s.rstmts.close()
	errR := s.read.Close()
	errW := s.writer.Close()
	if errW != nil {
		return fmt.Errorf("store: close: %w", errW)
	}
	if errR != nil {
		return fmt.Errorf("store: close: %w", errR)
	}
	return nil
}

// busy reports whether err is SQLite's SQLITE_BUSY (or one of its
// extended codes): the database is locked by another connection.
func busy(err error) bool {
	var e *sqlite.Error
	return errors.As(err, &e) && e.Code()&0xff == 5
}
