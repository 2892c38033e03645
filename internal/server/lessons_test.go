package server_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/server"
)

func realGames(c *server.Config) { c.Registry = games.Registry() }

// TestLessons checks the lesson endpoints: the list follows the
// registry, a step carries its legal moves, the accepted ones and the
// position after each, and a refused move is explained by the game or
// by the step.
func TestLessons(t *testing.T) {
	t.Parallel()
	e := newEnv(t, realGames)
	var list api.LessonList
	if st := e.call("GET", "/api/lessons", nil, &list); st != http.StatusOK || len(list.Lessons) != len(games.Registry().Names()) {
		t.Fatalf("list: got %d %+v, want one lesson a game", st, list)
	}
	var l api.Lesson
	if st := e.call("GET", "/api/lessons/oshi", nil, &l); st != http.StatusOK || len(l.Steps) < 5 {
		t.Fatalf("oshi: got %d with %d steps", st, len(l.Steps))
	}
	for _, st := range l.Steps {
		if len(st.Accept) == 0 || len(st.After) != len(st.Legal) {
			t.Errorf("step %s: got %d accepted, %d positions after for %d legal moves", st.Rule, len(st.Accept), len(st.After), len(st.Legal))
		}
		for _, mv := range st.Accept {
			if !slices.Contains(st.Legal, mv) {
				t.Errorf("step %s accepts %s, which is not legal", st.Rule, mv)
			}
		}
	}
	for _, tc := range []struct {
		path   string
		status int
		want   string
	}{
		{"/api/lessons/oshi/5/explain?move=e4e5", 200, "impasse"},
		{"/api/lessons/oshi/5/explain?move=e4d4", 200, ""},
		{"/api/lessons/abraxas/3/explain?move=xb7,f7", 200, "three squares in a row"},
		{"/api/lessons/oshi/99/explain?move=e4e5", 404, ""},
		{"/api/lessons/oshi/5/explain", 400, ""},
		{"/api/lessons/chess", 404, ""},
	} {
		var out api.Explanation
		st := e.call("GET", tc.path, nil, &out)
		if st != tc.status || !strings.Contains(out.Text["en"], tc.want) || (tc.want == "") != (out.Text == nil) {
			t.Errorf("%s: got %d %+v, want %d and %q", tc.path, st, out, tc.status, tc.want)
		}
	}
}

// TestNoLessons checks a registry of games without lesson files: an
// empty list, and 404 for a game.
func TestNoLessons(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	var list api.LessonList
	if st := e.call("GET", "/api/lessons", nil, &list); st != http.StatusOK || len(list.Lessons) != 0 {
		t.Errorf("got %d %+v, want 200 and no lessons", st, list)
	}
	if st := e.call("GET", "/api/lessons/tictactoe", nil, nil); st != http.StatusNotFound {
		t.Errorf("got %d, want 404", st)
	}
}
