package clock

import "time"

// Nobody is State.Running when no clock runs: the game is over, or
// untimed.
const Nobody = -1

// State is a game's clock between two changes: what each player has
// left when the running clock started at Since. It is a value; every
// change returns a new one, which the server stores with the change
// that caused it.
type State struct {
	// Left is what each player had when Since came: real time, their
	// bank; correspondence, their vacation left this year (a turn's days
	// are given afresh each turn).
	Left [2]time.Duration
	// Running is the player whose clock runs since Since, or Nobody.
	Running int
	Since   time.Time
	// Moved says which players have ended a turn: a player's first turn
	// is not charged, and its limit passing aborts the game.
	Moved [2]bool
	// YearStart begins the year of the vacation allowances
	// (correspondence): each year the allowances are given afresh.
	YearStart time.Time
}

// Start is the clock of a new game whose player toAct acts first.
func (c Control) Start(toAct int, now time.Time) State {
	s := State{Running: toAct, Since: now, YearStart: now}
	switch c.Kind {
	case RealTime:
		s.Left = [2]time.Duration{c.Base, c.Base}
	case Correspondence:
		s.Left = [2]time.Duration{c.Vacation, c.Vacation}
	default:
		s.Running = Nobody
	}
	return s
}

// Deadline is when the running player runs out of time, or the zero
// time when no clock runs.
func (c Control) Deadline(s State) time.Time {
	if !c.Timed() || s.Running == Nobody {
		return time.Time{}
	}
	p := s.Running
	switch {
	case !s.Moved[p]:
		return s.Since.Add(c.FirstMoveLimit())
	case c.Kind == Correspondence:
		return s.Since.Add(c.PerMove + s.Left[p])
	}
	return s.Since.Add(s.Left[p])
}

// MaxWarnLead bounds how long before a correspondence deadline its
// player is warned: a day is enough to find a moment to move, and an
// earlier warning would come while the turn is still young.
const MaxWarnLead = Day

// WarnLead is how long before a correspondence deadline its player is
// warned that they are about to time out: a quarter of the time per
// turn, at most MaxWarnLead (a one-day turn warns 6 hours before, a
// turn of four days or more a day before).
func (c Control) WarnLead() time.Duration { return min(c.PerMove/4, MaxWarnLead) }

// Warning is when the running player of a correspondence game is to be
// told that they are about to time out, or the zero time: never in real
// time (the page warns by colour and sound, and a mail would come after
// the game), nor when no clock runs.
func (c Control) Warning(s State) time.Time {
	d := c.Deadline(s)
	if d.IsZero() || c.Kind != Correspondence {
		return time.Time{}
	}
	return d.Add(-c.WarnLead())
}

// Flagged reports whether the running player's time is up at now, and
// then whether that aborts the game (their first turn) rather than
// losing it for them.
func (c Control) Flagged(s State, now time.Time) (flagged, abort bool) {
	d := c.Deadline(s)
	if d.IsZero() || now.Before(d) {
		return false, false
	}
	return true, !s.Moved[s.Running]
}

// Remaining is what each player has at now, as a clock shows it: real
// time, the bank (the running player's shrinking); correspondence, the
// time left for the turn and the vacation behind it (not counting the
// days of a turn that is not running). Never negative.
func (c Control) Remaining(s State, now time.Time) [2]time.Duration {
	r := s.Left
	if c.Kind == Correspondence {
		for p := range r {
			r[p] += c.PerMove
		}
	}
	if p := s.Running; p != Nobody {
		if !s.Moved[p] {
			r[p] = c.FirstMoveLimit()
		}
		r[p] = max(0, r[p]-now.Sub(s.Since))
	}
	return r
}

// Turn is the clock after player mover's move at now, when next is to
// act afterwards (the game's rules say who: nothing assumes turns
// alternate). A run of moves by one player is one turn: the clock goes
// on running, and it is charged, with the increment, when the turn
// passes to the other player. Game over: next is Nobody. The caller has
// checked Flagged first: a move after the deadline does not count.
func (c Control) Turn(s State, mover, next int, now time.Time) State {
	if !c.Timed() || (next == mover && s.Running == mover) {
		return s
	}
	s = c.charge(s, now)
	if s.Running == mover && s.Moved[mover] && c.Kind == RealTime && next != Nobody {
		s.Left[mover] += c.Increment
	}
	if s.Running != Nobody {
		s.Moved[s.Running] = true
	}
	s.Running, s.Since = next, now
	return s
}

// Resume starts the clock of player toAct at now after a change that is
// not a move (a take-back): the running clock is charged without
// increment. A player who has ended a turn stays charged from then on.
func (c Control) Resume(s State, toAct int, now time.Time) State {
	if !c.Timed() {
		return s
	}
	s = c.charge(s, now)
	s.Running, s.Since = toAct, now
	return s
}

// charge takes from the running player what their turn used until now,
// rolling the vacation year over first. A first turn is free.
func (c Control) charge(s State, now time.Time) State {
	if c.Kind == Correspondence {
		for !now.Before(s.YearStart.Add(Year)) {
			s.YearStart = s.YearStart.Add(Year)
			s.Left = [2]time.Duration{c.Vacation, c.Vacation}
		}
	}
	p := s.Running
	if p == Nobody || !s.Moved[p] {
		return s
	}
	used := now.Sub(s.Since)
	if c.Kind == Correspondence {
		used -= c.PerMove // the turn's own days first, then vacation
	}
	s.Left[p] = max(0, s.Left[p]-max(0, used))
	return s
}
