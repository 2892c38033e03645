package storetest

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// recorder is a testing.TB that records how a helper ended the test.
type recorder struct {
	testing.TB
	ended string
}

func (r *recorder) Helper() {}

func (r *recorder) Fatal(args ...any) {
	r.ended = "fatal: " + fmt.Sprint(args...)
	runtime.Goexit()
}

func (r *recorder) Skip(args ...any) {
	r.ended = "skip: " + fmt.Sprint(args...)
	runtime.Goexit()
}

// TestPostgresDSN checks that CI cannot pass by skipping the PostgreSQL
// suites, while a developer's machine without PostgreSQL skips them.
func TestPostgresDSN(t *testing.T) {
	for _, tc := range []struct {
		name, dsn, ci, want string
	}{
		{"set", "postgres://x", "true", "returned postgres://x"},
		{"unset under CI", "", "true", "fatal"},
		{"unset under CI=1", "", "1", "fatal"},
		{"unset on a laptop", "", "", "skip"},
		{"unset, CI=false", "", "false", "skip"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("PLATEAU_TEST_POSTGRES", tc.dsn)
			t.Setenv("CI", tc.ci)
			r := &recorder{TB: t}
			done := make(chan struct{})
			go func() {
				defer close(done)
				r.ended = "returned " + PostgresDSN(r)
			}()
			<-done
			if got := r.ended; !strings.HasPrefix(got, tc.want) {
				t.Errorf("got %q, want %q...", got, tc.want)
			}
		})
	}
}
