package store_test

import (
	"context"
	"path/filepath"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/store/storetest"
)

func TestSQLite(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T) (store.Store, func() (store.Store, error)) {
		path := filepath.Join(t.TempDir(), "test.db")
		open := func() (store.Store, error) { return store.Open(context.Background(), path, nil) }
		s, err := open()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s, open
	})
}

// TestPostgres runs the suite in a schema of its own per test, so tests
// run in parallel on one database and leave nothing behind.
func TestPostgres(t *testing.T) {
	dsn := storetest.PostgresDSN(t)
	t.Parallel()
	storetest.Run(t, func(t *testing.T) (store.Store, func() (store.Store, error)) {
		schemaDSN := storetest.FreshSchema(t, dsn, "storetest")
		open := func() (store.Store, error) { return store.Open(context.Background(), schemaDSN, nil) }
		s, err := open()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s, open
	})
}
