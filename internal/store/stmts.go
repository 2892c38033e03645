package store

import (
	"context"
	"database/sql"
	"fmt"
)

// stmtCache holds queries prepared once per database: SQLite through
// database/sql would otherwise parse every statement of every move
// again. (pgx caches prepared statements by itself.) The statements are
// prepared when the store opens, never later: preparing needs a
// connection of its own, and a writer holding the only one in a
// transaction would wait for itself.
type stmtCache struct {
	m map[string]*sql.Stmt
}

func prepareAll(ctx context.Context, db *sql.DB, queries []string) (*stmtCache, error) {
	c := &stmtCache{m: map[string]*sql.Stmt{}}
	for _, q := range queries {
		st, err := db.PrepareContext(ctx, q)
		if err != nil {
			c.close()
			return nil, fmt.Errorf("store: prepare: %w", err)
		}
		c.m[q] = st
	}
	return c, nil
}

// in returns q prepared and bound to tx, or nil when q was not prepared.
func (c *stmtCache) in(ctx context.Context, tx *sql.Tx, q string) *sql.Stmt {
	if c == nil {
		return nil
	}
	if st, ok := c.m[q]; ok {
		return tx.StmtContext(ctx, st)
	}
	return nil
}

func (c *stmtCache) close() {
	if c == nil {
		return
	}
	for _, st := range c.m {
		st.Close()
	}
}

// execIn runs q in tx, prepared when it was.
func execIn(ctx context.Context, c *stmtCache, tx *sql.Tx, q string, args ...any) (sql.Result, error) {
	if st := c.in(ctx, tx, q); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return tx.ExecContext(ctx, q, args...)
}

func queryRowIn(ctx context.Context, c *stmtCache, tx *sql.Tx, q string, args ...any) *sql.Row {
	if st := c.in(ctx, tx, q); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return tx.QueryRowContext(ctx, q, args...)
}

func queryIn(ctx context.Context, c *stmtCache, tx *sql.Tx, q string, args ...any) (*sql.Rows, error) {
	if st := c.in(ctx, tx, q); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return tx.QueryContext(ctx, q, args...)
}
