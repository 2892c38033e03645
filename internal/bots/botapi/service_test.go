package botapi

import (
	"errors"
	"slices"
	"testing"

	"github.com/plateau-games/plateau/internal/bots"
	"github.com/plateau-games/plateau/internal/room"
)

// TestEnter: game streams past the bound are refused until one ends.
func TestEnter(t *testing.T) {
	s := New(Config{})
	done, err := s.enter("b", "games", 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.enter("b", "games", 1); !errors.Is(err, bots.ErrTooManyStreams) {
		t.Fatalf("second stream: got %v, want ErrTooManyStreams", err)
	}
	if _, err := s.enter("c", "games", 1); err != nil {
		t.Fatalf("another bot's stream: %v", err)
	}
	done()
	if _, err := s.enter("b", "games", 1); err != nil {
		t.Fatalf("after the first ended: %v", err)
	}
}

// TestTakeover: a bot's event stream past the bound ends its oldest,
// and a stream forgotten is never ended by a newer one.
func TestTakeover(t *testing.T) {
	s := New(Config{})
	var ended []int
	var forget []func()
	for i := range maxEventStreams + 1 {
		forget = append(forget, s.takeover("b", func() { ended = append(ended, i) }))
	}
	if !slices.Equal(ended, []int{0}) {
		t.Fatalf("ended %v, want the oldest only", ended)
	}
	forget[1]()
	s.takeover("b", func() {})
	if !slices.Equal(ended, []int{0}) {
		t.Fatalf("ended %v after a stream was forgotten, want none more", ended)
	}
}

// TestCursor: a stream resumes from since, else Last-Event-ID; anything
// but a count is malformed.
func TestCursor(t *testing.T) {
	for _, tc := range []struct {
		since, last string
		want        int64
		bad         bool
	}{{"", "", 0, false}, {"7", "3", 7, false}, {"", "3", 3, false}, {"x", "", 0, true}, {"-1", "", 0, true}} {
		n, err := Cursor(tc.since, tc.last)
		if n != tc.want || errors.Is(err, room.ErrMalformed) != tc.bad {
			t.Errorf("Cursor(%q, %q) = %d, %v; want %d, malformed %v", tc.since, tc.last, n, err, tc.want, tc.bad)
		}
	}
}
