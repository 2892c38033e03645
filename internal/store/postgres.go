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

// migrationLock and migrationUnlock serialise the migrations of
// processes starting together on one schema: a session lock, held from
// before schema_migrations is created until the last migration commits.
// The first key is arbitrary but fixed; the second is the schema, so
// that deployments in different schemas do not wait for each other.
const (
	migrationLock   = `SELECT pg_advisory_lock(7318005, hashtext(current_schema()))`
	migrationUnlock = `SELECT pg_advisory_unlock(7318005, hashtext(current_schema()))`
)

// postgresStore is PostgreSQL through pgx: writes are ordinary
// transactions on the pool (the server does its own group commit), and
// each one NOTIFYs the other processes when it commits.
type postgresStore struct {
	sqlStore
	dsn      string
	log      *slog.Logger
	notifier *notifier
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
	if err := migrate(ctx, db, "postgres", questionToDollar, migrationLock, migrationUnlock); err != nil {
		db.Close()
		return nil, err
	}
	s := &postgresStore{dsn: dsn, log: log, notifier: newNotifier(db, log)}
	s.sqlStore = sqlStore{read: db, rebind: questionToDollar, write: s.tx}
	return s, nil
}

// Update implements Store: after the commit, the change is announced to
// the other processes.
func (s *postgresStore) Update(ctx context.Context, u Update) error {
	var err error
	if !u.TakeBack && len(u.Append) == 1 {
		err = s.appendOne(ctx, u)
	} else {
		err = s.sqlStore.Update(ctx, u)
	}
	if err != nil {
		return err
	}
	s.notifier.add(u.ID + ":" + strconv.FormatInt(u.Version+1, 10))
	return nil
}

// qAppendOne stores one move in one statement, one round trip and one
// commit: the game row's compare-and-set and the move's insert succeed
// or fail together, and no row comes back when the game has changed.
var qAppendOne = questionToDollar(`WITH g AS (` + qSetGame + ` RETURNING id)
	INSERT INTO moves (game_id, ply, move, player, at) SELECT g.id, ?, ?, ?, ? FROM g`)

// appendOne is Update for the common case, a move added to a game.
func (s *postgresStore) appendOne(ctx context.Context, u Update) error {
	m, at := u.Append[0], millis(u.At)
	res, err := s.read.ExecContext(ctx, qAppendOne, u.Result, u.Reason, u.DrawOffer, u.TakeBackBy, u.Declined, u.DeclinedBy, u.Keep+1, u.Version+1, at,
		u.ID, u.Version, u.Keep, u.Keep, m.Text, m.Player, at)
	if err != nil {
		return fmt.Errorf("store: update %s: %w", u.ID, err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return s.tx(ctx, func(ctx context.Context, tx *sql.Tx) error { return s.missOrConflict(ctx, tx, u.ID, err) })
	}
	return nil
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

// Listen implements Listener on a connection of its own. Each time it
// starts listening (at first, and after reconnecting) it calls fn with id
// "" and version 0: changes made before were not announced to it, so the
// caller must reload what it holds.
func (s *postgresStore) Listen(ctx context.Context, fn func(id string, version int64)) error {
	for {
		err := s.listenOnce(ctx, fn)
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

func (s *postgresStore) listenOnce(ctx context.Context, fn func(string, int64)) error {
	conn, err := pgx.Connect(ctx, s.dsn)
	if err != nil {
		return fmt.Errorf("store: listen: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+notifyChannel); err != nil {
		return fmt.Errorf("store: listen: %w", err)
	}
	fn("", 0)
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return fmt.Errorf("store: listen: %w", err)
		}
		for _, item := range strings.Split(n.Payload, ",") {
			id, v, ok := strings.Cut(item, ":")
			version, err := strconv.ParseInt(v, 10, 64)
			if !ok || err != nil {
				s.log.Warn("bad notification ignored", "payload", item)
				continue
			}
			fn(id, version)
		}
	}
}

// Close implements Store.
func (s *postgresStore) Close() error {
	s.notifier.close()
	if err := s.read.Close(); err != nil {
		return fmt.Errorf("store: close: %w", err)
	}
	return nil
}
