package store_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/store/storetest"
)

// TestPersonalDataCoversSchema: every table of the schema is exported
// with a player's data or listed as not personal, and both lists name
// only tables that exist.
func TestPersonalDataCoversSchema(t *testing.T) {
	t.Parallel()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "t.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	checkCoverage(t, st)
}

// TestPersonalDataCoversPostgres is the same on PostgreSQL.
func TestPersonalDataCoversPostgres(t *testing.T) {
	dsn := storetest.PostgresDSN(t)
	t.Parallel()
	st, err := store.Open(context.Background(), storetest.FreshSchema(t, dsn, "pdata"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	checkCoverage(t, st)
}

func checkCoverage(t *testing.T, st store.Store) {
	t.Helper()
	tables, err := st.(store.PersonalData).Tables(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	personal := store.PersonalTables()
	for _, name := range tables {
		_, not := store.NotPersonal[name]
		if in := slices.Contains(personal, name); in == not {
			t.Errorf("table %s: exported %v, listed as not personal %v: want exactly one (internal/store/personaldata.go)", name, in, not)
		}
	}
	for _, name := range personal {
		if !slices.Contains(tables, name) {
			t.Errorf("exported table %s is not in the schema %v", name, tables)
		}
	}
	for name := range store.NotPersonal {
		if !slices.Contains(tables, name) {
			t.Errorf("not-personal table %s is not in the schema", name)
		}
	}
}
