package server_test

import (
	"net/http"
	"testing"

	"github.com/plateau-games/plateau/internal/lab"
)

// TestLab: the lab's data is served by game name, every game of the
// registry has it, and ids with options or unknown names are not found.
func TestLab(t *testing.T) {
	t.Parallel()
	e := newEnv(t, realGames)
	var f lab.File
	if st := e.call("GET", "/api/lab/abraxas", nil, &f); st != http.StatusOK || f.Game != "abraxas" || len(f.Runs) < 36 {
		t.Fatalf("abraxas: got %d, game %q with %d runs; want 200 and 12 ids at 3 levels", st, f.Game, len(f.Runs))
	}
	for _, path := range []string{"/api/lab/chess", "/api/lab/abraxas:board=2", "/api/lab/tictactoe"} {
		if st := e.call("GET", path, nil, nil); st != http.StatusNotFound {
			t.Errorf("%s: got %d, want 404", path, st)
		}
	}
}
