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
// change is announced as "id:version", or "id:version:ai" when the game
// now owes an AI move (so that idle servers come and claim it).
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
	s.sqlStore = sqlStore{read: db, rebind: questionToDollar, write: s.tx, skipLocked: " FOR UPDATE SKIP LOCKED",
		loadIsolation: sql.LevelRepeatableRead, held: newHeldCache()}
	return s, nil
}

// Create implements Store: a game whose AI acts first is announced, so
// that an idle server may claim its AI job.
func (s *postgresStore) Create(ctx context.Context, g Game) error {
	if err := s.sqlStore.Create(ctx, g); err != nil {
		return err
	}
	if g.AIToAct {
		s.notifier.add(g.ID + ":" + strconv.FormatInt(g.Version, 10) + ":ai")
	}
	return nil
}

// Update implements Store: after the commit, the change is announced to
// the other processes.
func (s *postgresStore) Update(ctx context.Context, u Update) error {
	var err error
	// A move that ends a rated game carries the rating update, and a
	// timed game's clock is written too: only the general path does both.
	if !u.TakeBack && len(u.Append) == 1 && len(u.Seats) == 0 && u.Clock == nil && u.Rating == nil {
		err = s.appendOne(ctx, u)
	} else {
		err = s.sqlStore.Update(ctx, u)
	}
	if err != nil {
		return err
	}
	item := u.ID + ":" + strconv.FormatInt(u.Version+1, 10)
	if u.AIToAct {
		item += ":ai"
	}
	s.notifier.add(item)
	return nil
}

// qAppendOne stores one move in one statement, one round trip and one
// commit: the game row's compare-and-set, the move's insert and the AI
// job's update succeed or fail together, and no row comes back when the
// game has changed. qAppendOneAI leaves an AI move owed, qAppendOne none.
var (
	qAppendOneAI = questionToDollar(`WITH g AS (` + qSetGame + ` RETURNING id),
	j AS (INSERT INTO ai_jobs (game_id, version, due, owner, lease_until, attempts) SELECT g.id, ?, ?, '', 0, 0 FROM g
		ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, due = excluded.due, owner = '', lease_until = 0, attempts = 0)
	INSERT INTO moves (game_id, ply, move, player, at) SELECT g.id, ?, ?, ?, ? FROM g`)
	qAppendOne = questionToDollar(`WITH g AS (` + qSetGame + ` RETURNING id),
	j AS (DELETE FROM ai_jobs WHERE game_id IN (SELECT id FROM g))
	INSERT INTO moves (game_id, ply, move, player, at) SELECT g.id, ?, ?, ?, ? FROM g`)
)

// appendOne is Update for the common case, a move added to an untimed
// game (a timed game's clock is written by the general path).
func (s *postgresStore) appendOne(ctx context.Context, u Update) error {
	m, at := u.Append[0], millis(u.At)
	args := []any{u.Result, u.Reason, u.DrawOffer, u.TakeBackBy, u.Declined, u.DeclinedBy, u.hintsAdded(), u.Keep + 1, u.Version + 1, at, u.ToAct, u.ID, u.Version, u.Keep}
	q := qAppendOne
	if u.AIToAct {
		q, args = qAppendOneAI, append(args, u.Version+1, at)
	}
	res, err := s.read.ExecContext(ctx, q, append(args, u.Keep, m.Text, m.Player, at)...)
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
// starts listening (at first, and after reconnecting) it calls fn with a
// zero Change: changes made before were not announced to it, so the
// caller must reload what it holds.
func (s *postgresStore) Listen(ctx context.Context, fn func(Change)) error {
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

func (s *postgresStore) listenOnce(ctx context.Context, fn func(Change)) error {
	conn, err := pgx.Connect(ctx, s.dsn)
	if err != nil {
		return fmt.Errorf("store: listen: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+notifyChannel); err != nil {
		return fmt.Errorf("store: listen: %w", err)
	}
	fn(Change{})
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return fmt.Errorf("store: listen: %w", err)
		}
		for _, item := range strings.Split(n.Payload, ",") {
			c, ok := parseChange(item)
			if !ok {
				s.log.Warn("bad notification ignored", "payload", item)
				continue
			}
			fn(c)
		}
	}
}

// parseChange reads one "id:version[:ai]" item of a notification, or
// "id:0:c<line>" for a chat line.
func parseChange(item string) (Change, bool) {
	id, rest, ok := strings.Cut(item, ":")
	v, flag, _ := strings.Cut(rest, ":")
	version, err := strconv.ParseInt(v, 10, 64)
	if line, isChat := strings.CutPrefix(flag, "c"); isChat && ok && err == nil && id != "" {
		n, err := strconv.ParseInt(line, 10, 64)
		return Change{ID: id, Chat: n}, err == nil && n > 0
	}
	if !ok || err != nil || id == "" || (flag != "" && flag != "ai") {
		return Change{}, false
	}
	return Change{ID: id, Version: version, AIToAct: flag == "ai"}, true
}

// AddChat implements Chats: the line is announced to the other
// processes, whose watchers may read it.
func (s *postgresStore) AddChat(ctx context.Context, l ChatLine) (ChatLine, error) {
	l, err := s.sqlStore.AddChat(ctx, l)
	if err == nil {
		s.notifier.add(l.GameID + ":0:c" + strconv.FormatInt(l.ID, 10))
	}
	return l, err
}

// Close implements Store.
func (s *postgresStore) Close() error {
	s.notifier.close()
	if err := s.read.Close(); err != nil {
		return fmt.Errorf("store: close: %w", err)
	}
	return nil
}
