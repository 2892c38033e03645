package clock

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Kind is the family of a time control.
type Kind int

// The kinds of time control.
const (
	// Untimed games have no clock: they wait for ever, and are casual.
	Untimed Kind = iota
	// RealTime is a Fischer clock: a base time for the game, and an
	// increment added each time a player hands the turn over.
	RealTime
	// Correspondence gives a number of days for each turn, and each
	// player a yearly vacation allowance that their turns may draw on.
	Correspondence
)

// Day is a calendar day as correspondence controls count them.
const Day = 24 * time.Hour

// Year is the period a vacation allowance is given for.
const Year = 365 * Day

// The bounds of a time control: outside them a control is refused as
// absurd (a typing slip, or an attempt to make a game last for ever).
const (
	MinBase      = 10 * time.Second // real time: shortest base
	MaxBase      = 3 * time.Hour    // real time: longest base
	MaxIncrement = 3 * time.Minute  // real time: longest increment (0 is allowed)
	MinPerMove   = 1 * Day          // correspondence: shortest time for a turn
	MaxPerMove   = 30 * Day         // correspondence: longest time for a turn
	MaxVacation  = 60 * Day         // correspondence: largest yearly vacation (0 is allowed)
	// DefaultVacation is the yearly vacation of a correspondence control
	// that names none ("3d" is "3d/14").
	DefaultVacation = 14 * Day
)

// Errors of Parse, checked with errors.Is.
var (
	// ErrSyntax is a time control that is not written as Parse reads.
	ErrSyntax = errors.New("clock: malformed time control")
	// ErrBounds is a well-formed time control outside the bounds.
	ErrBounds = errors.New("clock: time control out of bounds")
)

// Control is a time control. The zero Control is untimed.
type Control struct {
	Kind Kind
	// Base and Increment are the real-time clock's.
	Base, Increment time.Duration
	// PerMove and Vacation are the correspondence clock's: the time for
	// each turn, and the vacation allowance per player and per year.
	PerMove, Vacation time.Duration
}

// Parse reads a time control:
//
//   - "" or "untimed": no clock;
//   - "5+3": real time, base 5 minutes and 3 seconds added per turn; the
//     base may be given in seconds, "30s+0";
//   - "3d": correspondence, 3 days per turn and DefaultVacation a year;
//     "3d/20" names the vacation days per year ("3d/0" for none).
//
// Values outside the bounds above are refused with ErrBounds, anything
// else unreadable with ErrSyntax; both errors say what is wrong.
func Parse(s string) (Control, error) {
	s = strings.TrimSpace(s)
	switch {
	case len(s) > 32:
		return Control{}, fmt.Errorf("%w: %d characters is too long", ErrSyntax, len(s))
	case s == "" || s == "untimed":
		return Control{}, nil
	case strings.Contains(s, "+"):
		return parseRealTime(s)
	case strings.Contains(s, "d"):
		return parseCorrespondence(s)
	}
	return Control{}, fmt.Errorf("%w: %q: want untimed, base+increment (5+3) or days per turn (3d)", ErrSyntax, s)
}

func parseRealTime(s string) (Control, error) {
	b, inc, _ := strings.Cut(s, "+")
	unit := time.Minute
	if rest, ok := strings.CutSuffix(b, "s"); ok {
		b, unit = rest, time.Second
	}
	base, err1 := number(b)
	incr, err2 := number(inc)
	if err := errors.Join(err1, err2); err != nil {
		return Control{}, fmt.Errorf("%w: %q: want minutes+seconds, e.g. 5+3 or 30s+0", ErrSyntax, s)
	}
	c := Control{Kind: RealTime, Base: time.Duration(base) * unit, Increment: time.Duration(incr) * time.Second}
	return c, c.check()
}

func parseCorrespondence(s string) (Control, error) {
	d, v, hasV := strings.Cut(s, "/")
	d, ok := strings.CutSuffix(d, "d")
	days, err1 := number(d)
	vac, err2 := int64(DefaultVacation/Day), error(nil)
	if hasV {
		vac, err2 = number(strings.TrimSuffix(v, "d"))
	}
	if err := errors.Join(err1, err2); err != nil || !ok {
		return Control{}, fmt.Errorf("%w: %q: want days per turn and vacation days a year, e.g. 3d or 3d/14", ErrSyntax, s)
	}
	c := Control{Kind: Correspondence, PerMove: time.Duration(days) * Day, Vacation: time.Duration(vac) * Day}
	return c, c.check()
}

// number reads a small decimal number: digits only, no sign, so that
// "-5" is a syntax error rather than a negative time.
func number(s string) (int64, error) {
	if s == "" || len(s) > 6 || strings.Trim(s, "0123456789") != "" {
		return 0, fmt.Errorf("%w: %q is not a number", ErrSyntax, s)
	}
	return strconv.ParseInt(s, 10, 64)
}

// check refuses a control outside the bounds, saying which bound.
func (c Control) check() error {
	switch c.Kind {
	case RealTime:
		if c.Base < MinBase || c.Base > MaxBase {
			return fmt.Errorf("%w: base %v: want %v to %v", ErrBounds, c.Base, MinBase, MaxBase)
		}
		if c.Increment < 0 || c.Increment > MaxIncrement {
			return fmt.Errorf("%w: increment %v: want 0 to %v", ErrBounds, c.Increment, MaxIncrement)
		}
	case Correspondence:
		if c.PerMove < MinPerMove || c.PerMove > MaxPerMove {
			return fmt.Errorf("%w: %d days per turn: want %d to %d", ErrBounds, c.PerMove/Day, MinPerMove/Day, MaxPerMove/Day)
		}
		if c.Vacation < 0 || c.Vacation > MaxVacation {
			return fmt.Errorf("%w: %d vacation days: want 0 to %d", ErrBounds, c.Vacation/Day, MaxVacation/Day)
		}
	}
	return nil
}

// String formats c as Parse reads it, in the canonical form: "untimed",
// "5+3", "30s+0", "3d/14".
func (c Control) String() string {
	switch c.Kind {
	case RealTime:
		inc := strconv.FormatInt(int64(c.Increment/time.Second), 10)
		if c.Base%time.Minute == 0 {
			return strconv.FormatInt(int64(c.Base/time.Minute), 10) + "+" + inc
		}
		return strconv.FormatInt(int64(c.Base/time.Second), 10) + "s+" + inc
	case Correspondence:
		return fmt.Sprintf("%dd/%d", c.PerMove/Day, c.Vacation/Day)
	}
	return "untimed"
}

// Timed reports whether c has a clock. An untimed game is casual: a
// rating must not count it.
func (c Control) Timed() bool { return c.Kind != Untimed }

// FirstMoveLimit is the time a player has for their first turn of the
// game, which is not charged to their clock (they may be on their way
// from an invitation): the base in real time, the days of a turn in
// correspondence. A player who lets it pass aborts the game.
func (c Control) FirstMoveLimit() time.Duration {
	if c.Kind == RealTime {
		return c.Base
	}
	return c.PerMove
}
