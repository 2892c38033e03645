package store_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"

	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/store/storetest"
)

// openTogether opens the store of dsn from two goroutines at once, as two
// servers started together would, and fails the test unless both open.
func openTogether(t *testing.T, dsn string) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Go(func() {
			s, err := store.Open(context.Background(), dsn, nil)
			if err == nil {
				err = s.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("store %d: got %v, want it open", i, err)
		}
	}
}

// TestMigrateTogether starts two stores at once on a fresh database, ten
// times: the migrations table itself must be created under the lock.
func TestMigrateTogether(t *testing.T) {
	t.Parallel()
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		for range 10 {
			openTogether(t, filepath.Join(t.TempDir(), "fresh.db"))
		}
	})
	t.Run("postgres", func(t *testing.T) {
		dsn := storetest.PostgresDSN(t)
		t.Parallel()
		for range 10 {
			openTogether(t, storetest.FreshSchema(t, dsn, "migrate"))
		}
	})
}
