package chat

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestClean(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in, want string
		err      error
	}{
		{"  hello  ", "hello", nil},
		{"two\nlines\tand\x00nul", "two lines and nul", nil},
		{"<b>bold</b>", "<b>bold</b>", nil}, // shown with textContent: no need to escape
		{"", "", ErrEmpty},
		{" \n\t ", "", ErrEmpty},
		{"\xff", "", ErrEmpty},
		{strings.Repeat("é", MaxRunes), strings.Repeat("é", MaxRunes), nil},
		{strings.Repeat("é", MaxRunes+1), "", ErrTooLong},
	} {
		got, err := Clean(tc.in)
		if got != tc.want || !errors.Is(err, tc.err) || (tc.err == nil) != (err == nil) {
			t.Errorf("Clean(%q) = %q, %v; want %q, %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

func TestCanRead(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		channel string
		seat    int
		over    bool
		want    bool
	}{
		{Players, 0, false, true},
		{Players, 1, true, true},
		{Players, -1, false, false},
		{Players, -1, true, false},
		{Spectators, -1, false, true},
		{Spectators, 0, false, false},
		{Spectators, 1, false, false},
		{Spectators, 1, true, true},
		{"other", 0, true, false},
	} {
		if got := CanRead(tc.channel, tc.seat, tc.over); got != tc.want {
			t.Errorf("CanRead(%s, seat %d, over %v) = %v, want %v", tc.channel, tc.seat, tc.over, got, tc.want)
		}
	}
	if ChannelOf(0) != Players || ChannelOf(1) != Players || ChannelOf(-1) != Spectators {
		t.Errorf("got channels %s %s %s, want players players spectators", ChannelOf(0), ChannelOf(1), ChannelOf(-1))
	}
}

func TestLimiter(t *testing.T) {
	t.Parallel()
	l := &Limiter{Burst: 3, Every: 2 * time.Second}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range 3 {
		if _, err := l.Allow("a", t0); err != nil {
			t.Fatalf("message %d: got %v, want allowed", i+1, err)
		}
	}
	wait, err := l.Allow("a", t0)
	if !errors.Is(err, ErrTooFast) || wait != 2*time.Second {
		t.Errorf("fourth message at once: got %v, %v; want ErrTooFast, 2s", wait, err)
	}
	if _, err := l.Allow("b", t0); err != nil {
		t.Errorf("another sender: got %v, want allowed", err)
	}
	if _, err := l.Allow("a", t0.Add(2*time.Second)); err != nil {
		t.Errorf("after the wait: got %v, want allowed", err)
	}
}
