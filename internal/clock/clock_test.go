package clock

import (
	"errors"
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want Control
		out  string
		err  error
	}{
		{"", Control{}, "untimed", nil},
		{"untimed", Control{}, "untimed", nil},
		{"5+3", Control{Kind: RealTime, Base: 5 * time.Minute, Increment: 3 * time.Second}, "5+3", nil},
		{" 30s+0 ", Control{Kind: RealTime, Base: 30 * time.Second}, "30s+0", nil},
		{"60s+2", Control{Kind: RealTime, Base: time.Minute, Increment: 2 * time.Second}, "1+2", nil},
		{"180+180", Control{Kind: RealTime, Base: 3 * time.Hour, Increment: 3 * time.Minute}, "180+180", nil},
		{"3d", Control{Kind: Correspondence, PerMove: 3 * Day, Vacation: DefaultVacation}, "3d/14", nil},
		{"3d/0", Control{Kind: Correspondence, PerMove: 3 * Day}, "3d/0", nil},
		{"30d/60d", Control{Kind: Correspondence, PerMove: 30 * Day, Vacation: 60 * Day}, "30d/60", nil},
		// Absurd: zero, negative, too short, a year per turn.
		{"0+0", Control{}, "", ErrBounds},
		{"0+5", Control{}, "", ErrBounds},
		{"9s+0", Control{}, "", ErrBounds},
		{"181+0", Control{}, "", ErrBounds},
		{"5+181", Control{}, "", ErrBounds},
		{"0d", Control{}, "", ErrBounds},
		{"365d", Control{}, "", ErrBounds},
		{"3d/61", Control{}, "", ErrBounds},
		{"999999+0", Control{}, "", ErrBounds},
		{"-5+3", Control{}, "", ErrSyntax},
		{"5+-3", Control{}, "", ErrSyntax},
		{"-3d", Control{}, "", ErrSyntax},
		{"5", Control{}, "", ErrSyntax},
		{"5+", Control{}, "", ErrSyntax},
		{"+3", Control{}, "", ErrSyntax},
		{"5.5+3", Control{}, "", ErrSyntax},
		{"3 d", Control{}, "", ErrSyntax},
		{"3d/", Control{}, "", ErrSyntax},
		{"1e9+0", Control{}, "", ErrSyntax},
		{"9999999+0", Control{}, "", ErrSyntax},
		{"blitz", Control{}, "", ErrSyntax},
		{"5+3+2", Control{}, "", ErrSyntax},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if !errors.Is(err, tt.err) {
			t.Errorf("Parse(%q): got error %v, want %v", tt.in, err, tt.err)
			continue
		}
		if err != nil {
			continue
		}
		if got != tt.want {
			t.Errorf("Parse(%q): got %+v, want %+v", tt.in, got, tt.want)
		}
		if s := got.String(); s != tt.out {
			t.Errorf("Parse(%q).String(): got %q, want %q", tt.in, s, tt.out)
		}
		if back, err := Parse(got.String()); err != nil || back != got {
			t.Errorf("Parse(%q) does not round trip: got %+v, %v", got.String(), back, err)
		}
	}
}

var t0 = time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)

func at(d time.Duration) time.Time { return t0.Add(d) }

// step is one event of a clock: a move by mover at time at, after which
// next acts (Nobody: the game ended), or a take-back (resume) giving the
// turn to next.
type step struct {
	at     time.Duration
	mover  int
	next   int
	resume bool
}

func run(c Control, first int, steps []step) State {
	s := c.Start(first, t0)
	for _, st := range steps {
		if st.resume {
			s = c.Resume(s, st.next, at(st.at))
		} else {
			s = c.Turn(s, st.mover, st.next, at(st.at))
		}
	}
	return s
}

func TestTurns(t *testing.T) {
	t.Parallel()
	rt, _ := Parse("1+2")
	corr, _ := Parse("2d/10")
	sec := time.Second
	tests := []struct {
		name     string
		c        Control
		steps    []step
		now      time.Duration
		want     [2]time.Duration // Remaining at now
		deadline time.Duration    // from t0; -1: none
	}{
		{"untimed", Control{}, []step{{5 * sec, 0, 1, false}}, 9 * sec, [2]time.Duration{}, -1},
		{"first turn free", rt, nil, 20 * sec, [2]time.Duration{40 * sec, 60 * sec}, 60 * sec},
		{"first turns uncharged, no increment", rt, []step{{20 * sec, 0, 1, false}, {50 * sec, 1, 0, false}}, 50 * sec,
			[2]time.Duration{60 * sec, 60 * sec}, 110 * sec},
		{"charged with increment", rt, []step{{1 * sec, 0, 1, false}, {2 * sec, 1, 0, false}, {12 * sec, 0, 1, false}}, 12 * sec,
			[2]time.Duration{52 * sec, 60 * sec}, 72 * sec},
		{"a run of moves is one turn", rt, []step{{1 * sec, 0, 1, false}, {2 * sec, 1, 0, false},
			{5 * sec, 0, 0, false}, {9 * sec, 0, 0, false}, {12 * sec, 0, 1, false}}, 12 * sec,
			[2]time.Duration{52 * sec, 60 * sec}, 72 * sec},
		{"interrupt: the opponent's clock runs, then back", rt, []step{{1 * sec, 0, 1, false}, {2 * sec, 1, 0, false},
			{12 * sec, 0, 1, false}, {17 * sec, 1, 0, false}}, 20 * sec,
			[2]time.Duration{49 * sec, 57 * sec}, 69 * sec},
		{"game over stops the clock", rt, []step{{1 * sec, 0, 1, false}, {2 * sec, 1, 0, false}, {12 * sec, 0, Nobody, false}}, 40 * sec,
			[2]time.Duration{50 * sec, 60 * sec}, -1},
		{"take-back charges without increment", rt, []step{{1 * sec, 0, 1, false}, {2 * sec, 1, 0, false},
			{12 * sec, 0, 1, true}}, 12 * sec, [2]time.Duration{50 * sec, 60 * sec}, 72 * sec},
		{"remaining is never negative", rt, []step{{1 * sec, 0, 1, false}, {2 * sec, 1, 0, false}}, 5 * time.Minute,
			[2]time.Duration{0, 60 * sec}, 62 * sec},
		{"correspondence: days per turn", corr, []step{{Day, 0, 1, false}, {Day, 1, 0, false}}, 25 * time.Hour,
			[2]time.Duration{12*Day - time.Hour, 12 * Day}, 13 * Day},
		{"correspondence: a late turn draws on vacation", corr, []step{{Day, 0, 1, false}, {Day, 1, 0, false},
			{4 * Day, 0, 1, false}}, 4 * Day, [2]time.Duration{11 * Day, 12 * Day}, 16 * Day},
	}
	for _, tt := range tests {
		s := run(tt.c, 0, tt.steps)
		if got := tt.c.Remaining(s, at(tt.now)); got != tt.want {
			t.Errorf("%s: remaining: got %v, want %v", tt.name, got, tt.want)
		}
		d := tt.c.Deadline(s)
		if tt.deadline < 0 {
			if !d.IsZero() {
				t.Errorf("%s: deadline: got %v, want none", tt.name, d.Sub(t0))
			}
		} else if d.Sub(t0) != tt.deadline {
			t.Errorf("%s: deadline: got %v, want %v", tt.name, d.Sub(t0), tt.deadline)
		}
	}
}

func TestVacationYear(t *testing.T) {
	t.Parallel()
	c, _ := Parse("2d/10")
	s := c.Start(0, t0)
	s.YearStart, s.Left, s.Moved = t0.Add(-364*Day), [2]time.Duration{0, 3 * Day}, [2]bool{true, true}
	s = c.Turn(s, 0, 1, at(3*Day)) // a day late, in a new year: drawn on the new allowance
	if got, want := s.Left, [2]time.Duration{9 * Day, 10 * Day}; got != want {
		t.Errorf("vacation left: got %v, want %v", got, want)
	}
	if got, want := s.YearStart, t0.Add(Day); !got.Equal(want) {
		t.Errorf("year start: got %v, want %v", got, want)
	}
}

func TestFlagged(t *testing.T) {
	t.Parallel()
	rt, _ := Parse("1+0")
	corr, _ := Parse("1d/0")
	sec := time.Second
	played := []step{{1 * sec, 0, 1, false}, {2 * sec, 1, 0, false}}
	tests := []struct {
		name          string
		c             Control
		steps         []step
		now           time.Duration
		flagged, abrt bool
	}{
		{"untimed never", Control{}, nil, 1000 * Day, false, false},
		{"first turn within its limit", rt, nil, 59 * sec, false, false},
		{"first turn past its limit aborts", rt, nil, 60 * sec, true, true},
		{"second player's first turn aborts too", rt, played[:1], 61 * sec, true, true},
		{"in time", rt, played, 61 * sec, false, false},
		{"at zero: lost on time", rt, played, 62 * sec, true, false},
		{"long after: lost on time", rt, played, 100 * Day, true, false},
		{"over: no flag", rt, append(played[:2:2], step{3 * sec, 0, Nobody, false}), 100 * Day, false, false},
		{"correspondence in time", corr, []step{{Day, 0, 1, false}, {Day, 1, 0, false}}, 2*Day - sec, false, false},
		{"correspondence late", corr, []step{{Day, 0, 1, false}, {Day, 1, 0, false}}, 2 * Day, true, false},
	}
	for _, tt := range tests {
		s := run(tt.c, 0, tt.steps)
		f, a := tt.c.Flagged(s, at(tt.now))
		if f != tt.flagged || a != tt.abrt {
			t.Errorf("%s: got flagged %v abort %v, want %v %v", tt.name, f, a, tt.flagged, tt.abrt)
		}
	}
}

func TestWarning(t *testing.T) {
	t.Parallel()
	rt, _ := Parse("5+3")
	one, _ := Parse("1d/0")
	three, _ := Parse("3d/14")
	ten, _ := Parse("10d/0")
	tests := []struct {
		name  string
		c     Control
		steps []step
		want  time.Duration // from t0; -1: no warning
	}{
		{"untimed: never", Control{}, nil, -1},
		{"real time: never", rt, nil, -1},
		{"a one-day first turn: 6 h before", one, nil, Day - 6*time.Hour},
		{"three days: 18 h before", three, nil, 3*Day - 18*time.Hour},
		{"ten days: a day before", ten, nil, 9 * Day},
		// After a turn of a day, the second player's turn (their first)
		// ends 3 days later; once both moved, vacation extends it.
		{"vacation counts: 14 days behind the turn", three, []step{{Day, 0, 1, false}, {2 * Day, 1, 0, false}},
			2*Day + 3*Day + 14*Day - 18*time.Hour},
		{"over: never", three, []step{{Day, 0, Nobody, false}}, -1},
	}
	for _, tt := range tests {
		got := tt.c.Warning(run(tt.c, 0, tt.steps))
		want := time.Time{}
		if tt.want >= 0 {
			want = at(tt.want)
		}
		if !got.Equal(want) {
			t.Errorf("%s: got %v, want %v", tt.name, got, want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"5+3", "30s+0", "3d/14", "untimed", "-1+0", "3d/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			return
		}
		if err := c.check(); err != nil {
			t.Fatalf("Parse(%q) accepted %+v out of bounds: %v", s, c, err)
		}
		if back, err := Parse(c.String()); err != nil || back != c {
			t.Fatalf("Parse(%q): %+v does not round trip through %q: %+v, %v", s, c, c.String(), back, err)
		}
	})
}
