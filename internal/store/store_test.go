package store_test

import (
	"context"
	"crypto/rand"
	"database/sql"
	"fmt"
	"net/url"
	"os"
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
	dsn := os.Getenv("PLATEAU_TEST_POSTGRES")
	if dsn == "" {
		t.Skip("PLATEAU_TEST_POSTGRES is not set")
	}
	t.Parallel()
	storetest.Run(t, func(t *testing.T) (store.Store, func() (store.Store, error)) {
		schemaDSN := freshSchema(t, dsn)
		open := func() (store.Store, error) { return store.Open(context.Background(), schemaDSN, nil) }
		s, err := open()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s, open
	})
}

func freshSchema(t *testing.T, dsn string) string {
	t.Helper()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	schema := fmt.Sprintf("storetest_%x", rand.Text()[:10])
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", dsn)
		if err == nil {
			db.Exec("DROP SCHEMA " + schema + " CASCADE")
			db.Close()
		}
	})
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
