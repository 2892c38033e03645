package lessons_test

import (
	"errors"
	"testing"

	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/lessons"
)

// TestService describes every shipped lesson and refuses what does not
// exist with the client's sentence.
func TestService(t *testing.T) {
	t.Parallel()
	reg := games.Registry()
	list, err := lessons.Load(reg)
	if err != nil {
		t.Fatal(err)
	}
	s := &lessons.Service{Lessons: list, Registry: reg}
	if got := s.List(); len(got.Lessons) != len(list) {
		t.Fatalf("%d lessons listed, want %d", len(got.Lessons), len(list))
	}
	for _, ls := range list {
		out, err := s.Lesson(ls.Game)
		if err != nil || len(out.Steps) != len(ls.Steps) {
			t.Fatalf("lesson %s: %d steps, %v", ls.Game, len(out.Steps), err)
		}
		if x, err := s.Explain(ls.Game, "1", "zz"); err != nil || x.Move != "zz" {
			t.Errorf("explain in %s: %+v, %v", ls.Game, x, err)
		}
	}
	if _, err := s.Lesson("nogame"); !errors.Is(err, lessons.ErrNotFound) || !errors.Is(err, lessons.ErrNoLesson) {
		t.Errorf("missing lesson: %v", err)
	}
	_, err = s.Explain(list[0].Game, "0", "a1")
	if want := "lesson " + list[0].Game + ` has no step "0"`; !errors.Is(err, lessons.ErrNotFound) || err.Error() != want {
		t.Errorf("missing step: %v, want %q", err, want)
	}
}
