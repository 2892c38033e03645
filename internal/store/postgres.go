package store

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// notifyChannel is the PostgreSQL channel on which every committed game
// change is announced as "id:version".
const notifyChannel = "plateau_games"

// migrationLock serialises migrations of processes starting together;
// the number is arbitrary but fixed.
const migrationLock = `SELECT pg_advisory_xact_lock(7318005)`

// postgresStore is PostgreSQL through pgx: writes are ordinary
// transactions on the pool (the server does its own group commit), and
// each one NOTIFYs the other processes when it commits.
type postgresStore struct {
	sqlStore
	dsn string
	log *slog.Logger
}

// OpenPostgres connects to the PostgreSQL database a DSN names and
// applies the pending migrations.
func OpenPostgres(ctx context.Context, dsn string, log *slog.Logger) (Store, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("store: postgres dsn: %w", err)
	}
	db := stdlib.OpenDB(*cfg)
	db.SetMaxOpenConns(32)
	db.SetMaxIdleConns(32)
	db.SetConnMaxIdleTime(5 * time.Minute)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: postgres: %w", err)
	}
	if err := migrate(ctx, db, "postgres", questionToDollar, migrationLock); err != nil {
		db.Close()
		return nil, err
	}
	s := &postgresStore{dsn: dsn, log: log}
	s.sqlStore = sqlStore{read: db, rebind: questionToDollar, write: s.tx, afterUpdate: notify}
	return s, nil
}

func (s *postgresStore) tx(ctx context.Context, fn txFunc) error {
	tx, err := s.read.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	defer tx.Rollback()
	if err := fn(ctx, tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

// notify is queued in the update's transaction: PostgreSQL delivers it
// only if and when the transaction commits.
func notify(ctx context.Context, tx *sql.Tx, id string, version int64) error {
	payload := id + ":" + strconv.FormatInt(version, 10)
	if _, err := tx.ExecContext(ctx, `SELECT pg_notify($1, $2)`, notifyChannel, payload); err != nil {
		return fmt.Errorf("store: notify %s: %w", id, err)
	}
	return nil
}

// Listen implements Listener on a connection of its own. After losing
// the connection it reconnects and calls fn with id "" and version 0:
// changes made meanwhile were missed, so the caller must reload.
func (s *postgresStore) Listen(ctx context.Context, fn func(id string, version int64)) error {
	for first := true; ; first = false {
		err := s.listenOnce(ctx, fn, !first)
		if ctx.Err() != nil {
			return nil
		}
		s.log.Warn("postgres listen lost, reconnecting", "err", err)
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return nil
		}
	}
}

func (s *postgresStore) listenOnce(ctx context.Context, fn func(string, int64), resync bool) error {
	conn, err := pgx.Connect(ctx, s.dsn)
	if err != nil {
		return fmt.Errorf("store: listen: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+notifyChannel); err != nil {
		return fmt.Errorf("store: listen: %w", err)
	}
	if resync {
		fn("", 0)
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return fmt.Errorf("store: listen: %w", err)
		}
		id, v, ok := strings.Cut(n.Payload, ":")
		version, err := strconv.ParseInt(v, 10, 64)
		if !ok || err != nil {
			s.log.Warn("bad notification ignored", "payload", n.Payload)
			continue
		}
		fn(id, version)
	}
}

// Close implements Store.
func (s *postgresStore) Close() error {
	if err := s.read.Close(); err != nil {
		return fmt.Errorf("store: close: %w", err)
	}
	return nil
}
