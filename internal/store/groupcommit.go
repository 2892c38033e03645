package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"sync"
)

// errClosed is returned by writes after Close.
var errClosed = errors.New("store: closed")

// maxBatch bounds one group commit, so that one slow batch cannot hold
// every writer for long.
const maxBatch = 256

// groupCommitter runs the writes of many goroutines on one connection:
// whatever writes are waiting when the previous commit ends go into the
// next transaction together, each in its own savepoint so that one
// failing write does not undo the others. Every caller is answered after
// the COMMIT, so nothing is acknowledged before it is durable.
type groupCommitter struct {
	db      *sql.DB
	stmts   *stmtCache
	log     *slog.Logger
	reqs    chan *writeReq // unbuffered: a send succeeds only into a batch
	closing chan struct{}
	done    chan struct{}
	once    sync.Once
}

type writeReq struct {
	ctx context.Context
	fn  txFunc
	err chan error
}

// The savepoint statements, one level deep: each write is its own.
const (
	savepoint  = "SAVEPOINT w"
	release    = "RELEASE w"
	rollbackTo = "ROLLBACK TO w"
)

func newGroupCommitter(db *sql.DB, stmts *stmtCache, log *slog.Logger) *groupCommitter {
	g := &groupCommitter{db: db, stmts: stmts, log: log, reqs: make(chan *writeReq),
		closing: make(chan struct{}), done: make(chan struct{})}
	go g.run()
	return g
}

// do runs fn in the next group transaction and returns once it is
// committed (or failed).
func (g *groupCommitter) do(ctx context.Context, fn txFunc) error {
	r := &writeReq{ctx: ctx, fn: fn, err: make(chan error, 1)}
	select {
	case g.reqs <- r:
	case <-g.closing:
		return errClosed
	case <-ctx.Done():
		return fmt.Errorf("store: write: %w", ctx.Err())
	}
	return <-r.err
}

func (g *groupCommitter) run() {
	defer close(g.done)
	for {
		var first *writeReq
		select {
		case first = <-g.reqs:
		case <-g.closing:
			return
		}
		batch := []*writeReq{first}
	fill:
		for len(batch) < maxBatch {
			select {
			case r := <-g.reqs:
				batch = append(batch, r)
			default:
				break fill
			}
		}
		g.commit(batch)
	}
}

// commit runs one batch. The transaction itself ignores the callers'
// contexts: a caller that gives up must not roll back its neighbours.
func (g *groupCommitter) commit(batch []*writeReq) {
	errs := make([]error, len(batch))
	err := g.runBatch(batch, errs)
	if err != nil {
		g.log.Error("group commit failed", "writes", len(batch), "err", err)
	}
	for i, r := range batch {
		if errs[i] == nil {
			errs[i] = err
		}
		r.err <- errs[i]
	}
}

func (g *groupCommitter) runBatch(batch []*writeReq, errs []error) error {
	ctx := context.Background()
	tx, err := g.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	defer tx.Rollback()
	for i, r := range batch {
		if err := r.ctx.Err(); err != nil {
			errs[i] = fmt.Errorf("store: write: %w", err)
			continue
		}
		if _, err := execIn(ctx, g.stmts, tx, savepoint); err != nil {
			return fmt.Errorf("store: savepoint: %w", err)
		}
		if errs[i] = r.fn(context.WithoutCancel(r.ctx), tx); errs[i] != nil {
			if _, err := execIn(ctx, g.stmts, tx, rollbackTo); err != nil {
				return fmt.Errorf("store: rollback to savepoint: %w", err)
			}
		}
		if _, err := execIn(ctx, g.stmts, tx, release); err != nil {
			return fmt.Errorf("store: release savepoint: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

// close stops taking writes and waits for the batch in progress.
func (g *groupCommitter) close() {
	g.once.Do(func() { close(g.closing) })
	<-g.done
}
