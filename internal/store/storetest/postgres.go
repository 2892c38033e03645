package storetest

import (
	"crypto/rand"
	"database/sql"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// PostgresDSN returns the PostgreSQL DSN of PLATEAU_TEST_POSTGRES for the
// suites that need a server. Without it a developer's machine skips them,
// but CI (CI=true) fails: a suite that skips there passes without having
// run. .ci/postgres.sh sets up a server and prints the variable.
func PostgresDSN(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv("PLATEAU_TEST_POSTGRES")
	if dsn != "" {
		return dsn
	}
	const msg = "storetest: PLATEAU_TEST_POSTGRES is not set: want a PostgreSQL DSN, as printed by .ci/postgres.sh"
	if ci, _ := strconv.ParseBool(os.Getenv("CI")); ci {
		t.Fatal(msg + " (CI=true: the PostgreSQL suites must run)")
	}
	t.Skip(msg)
	return ""
}

// FreshSchema creates a schema of its own on the PostgreSQL database of
// dsn, drops it when the test ends, and returns dsn pointed at it: tests
// then run in parallel on one database and leave nothing behind.
func FreshSchema(t testing.TB, dsn, prefix string) string {
	t.Helper()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	schema := prefix + "_" + strings.ToLower(rand.Text()[:10])
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		db.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := db.Exec("DROP SCHEMA " + schema + " CASCADE"); err != nil {
			t.Errorf("storetest: drop schema %s: %v", schema, err)
		}
		db.Close()
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
