package gametest

import (
	"os"
	"testing"
)

// Golden compares got with the golden file at path, after rewriting the
// file when update is set. Each test binary owns its -update flag and
// passes its value, so this package keeps no flag state of its own.
func Golden(t testing.TB, path, got string, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("got (%s):\n%s\nwant:\n%s", path, got, want)
	}
}
