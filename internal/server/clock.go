package server

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/clock"
	"github.com/plateau-games/plateau/internal/notify"
	"github.com/plateau-games/plateau/internal/store"
)

// The reasons of a game ended by its clock. An aborted game is written
// with the result "draw", the only one of the spec's results that
// favours nobody, and the reason "aborted", which says there was no game:
// nothing may count it (ratings, statistics).
const (
	reasonTimeOut = "time out"
	reasonAborted = "aborted"
)

// clockBatch bounds the games one poll of the deadlines ends.
const clockBatch = 100

// control returns the game's time control; the caller holds h.mu. A
// control the store holds is one this server wrote, so it parses; if
// not (a newer server's), the game is treated as untimed.
func (h *hub) control() clock.Control {
	if h.rec.Clock.Control == "" {
		return clock.Control{}
	}
	c, err := clock.Parse(h.rec.Clock.Control)
	if err != nil {
		h.srv.log.Error("a stored time control does not parse", "game", h.id, "err", err)
	}
	return c
}

func clockState(c store.Clock) clock.State {
	return clock.State{Left: c.Left, Running: c.Running, Since: c.Since, Moved: c.Moved, YearStart: c.YearStart}
}

// storedClock is the clock to store, with its deadline. Its times are
// cut to the store's milliseconds first, so that the copy in memory is
// the stored one: a deadline the store finds due is due in memory too.
func storedClock(ctl clock.Control, s clock.State) *store.Clock {
	s.Since, s.YearStart = s.Since.Truncate(time.Millisecond), s.YearStart.Truncate(time.Millisecond)
	s.Left = [2]time.Duration{s.Left[0].Truncate(time.Millisecond), s.Left[1].Truncate(time.Millisecond)}
	return &store.Clock{Control: ctl.String(), Left: s.Left, Running: s.Running, Since: s.Since, Moved: s.Moved,
		YearStart: s.YearStart, Deadline: ctl.Deadline(s), Warn: ctl.Warning(s)}
}

// startClock returns the clock of a new game, or the zero clock.
func startClock(ctl clock.Control, toAct game.Player, now time.Time) store.Clock {
	if !ctl.Timed() {
		return store.Clock{}
	}
	return *storedClock(ctl, ctl.Start(int(toAct), now))
}

// clockAfter returns the clock once u is applied at u.At, or nil when u
// leaves it as it is: a move hands it over to whoever the rules say acts
// next, a take-back gives it to whoever acts then, an end stops it.
func (h *hub) clockAfter(u store.Update) *store.Clock {
	ctl := h.control()
	if !ctl.Timed() {
		return nil
	}
	s := clockState(h.rec.Clock)
	moved := u.Keep == len(h.rec.Moves) && len(u.Append) > 0
	switch {
	case moved && u.Result != store.Ongoing:
		s = ctl.Turn(s, u.Append[len(u.Append)-1].Player, clock.Nobody, u.At)
	case moved:
		s = ctl.Turn(s, u.Append[len(u.Append)-1].Player, int(h.toActAfter(u)), u.At)
	case u.Result != store.Ongoing:
		s = ctl.Resume(s, clock.Nobody, u.At)
	case u.Keep < len(h.rec.Moves) || h.over():
		s = ctl.Resume(s, int(h.toActAfter(u)), u.At)
	default:
		return nil
	}
	return storedClock(ctl, s)
}

// toActAfter is the player to act once u is applied.
func (h *hub) toActAfter(u store.Update) game.Player {
	st := h.state.Clone()
	for range h.rec.Moves[u.Keep:] {
		st.Undo()
	}
	for _, m := range u.Append {
		if _, err := game.PlayChecked(st, m.Text); err != nil {
			h.srv.log.Error("a change's moves do not replay", "game", h.id, "err", err)
		}
	}
	return st.ToAct()
}

// timeout returns the change that ends the game on time, when the
// clock of the player to act has run out at now: a loss for them, or an
// abort when it was their first turn.
func (h *hub) timeout(now time.Time) (change, bool) {
	ctl := h.control()
	if h.over() || !ctl.Timed() {
		return change{}, false
	}
	s := clockState(h.rec.Clock)
	flagged, abort := ctl.Flagged(s, now)
	if !flagged {
		return change{}, false
	}
	u := h.base()
	u.DrawOffer, u.TakeBackBy = store.NoOffer, store.NoOffer
	u.Result, u.Reason = game.Win(game.Player(s.Running).Other()).String(), reasonTimeOut
	if abort {
		u.Result, u.Reason = game.Draw.String(), reasonAborted
	}
	return change{update: u, timeout: true}, true
}

// clockView is the view's clock at now, nil for an untimed game.
func (h *hub) clockView(now time.Time) *api.Clock {
	ctl := h.control()
	if !ctl.Timed() {
		return nil
	}
	s := clockState(h.rec.Clock)
	v := &api.Clock{Control: ctl.String(), Kind: "realtime", Base: ctl.Base.Milliseconds()}
	if ctl.Kind == clock.Correspondence {
		v.Kind, v.Base = "correspondence", ctl.PerMove.Milliseconds()
	}
	r := ctl.Remaining(s, now)
	v.Remaining = [2]int64{r[0].Milliseconds(), r[1].Milliseconds()}
	if s.Running != clock.Nobody && !h.over() {
		p := s.Running
		v.Running = &p
	}
	v.FirstMove = [2]bool{!s.Moved[0], !s.Moved[1]}
	return v
}

// ticking reports a game whose clock runs: its cached view ages, so a
// new watcher gets one rendered afresh. The caller holds h.mu.
func (h *hub) ticking() bool {
	return !h.over() && h.rec.Clock.Control != "" && h.rec.Clock.Running != clock.Nobody
}

// current returns the view to send now, and its WebSocket message: the
// cached ones, or fresh ones when a clock runs. The caller holds h.mu.
func (h *hub) current() (view, msg []byte) {
	if !h.ticking() {
		return *h.view.Load(), *h.viewMsg.Load()
	}
	b, err := json.Marshal(h.buildView())
	if err != nil {
		return *h.view.Load(), *h.viewMsg.Load()
	}
	m, _ := json.Marshal(api.WSMessage{Type: "view", View: b})
	return b, m
}

// clockWatch ends the games whose clock has run out, whether anybody is
// connected or not. Deadlines live in the store, so every server sharing
// it sees them, a restarted one included; each server polls the due ones
// every ClockPoll at most (sooner when the next deadline is nearer), and
// the timeout is written with the game's compare-and-set: it happens
// once, by whichever server comes first.
func (s *Server) clockWatch() {
	for {
		s.endDueClocks()
		s.warnDue()
		wait := s.cfg.ClockPoll
		// A deadline still past after endDueClocks is one that cannot be
		// ended now (logged): it waits for the next poll.
		if next, err := s.cfg.Store.NextDeadline(s.ctx); err == nil && !next.IsZero() {
			if d := next.Sub(s.cfg.Clock.Now()); d > 0 && d < wait {
				wait = d
			}
		}
		select {
		case <-s.ctx.Done():
			return
		case <-time.After(wait):
		}
	}
}

// endDueClocks ends the games whose deadline has passed.
func (s *Server) endDueClocks() {
	for s.ctx.Err() == nil {
		ids, err := s.cfg.Store.DueClocks(s.ctx, s.cfg.Clock.Now(), clockBatch)
		if err != nil {
			if s.ctx.Err() == nil {
				s.log.Warn("cannot read the clocks' deadlines; retrying", "err", err)
			}
			return
		}
		for _, id := range ids {
			s.flag(id)
		}
		if len(ids) < clockBatch {
			return
		}
	}
}

// flag ends one game on time if its clock has run out. Another server
// may have done it (the game is then over), or a move may have arrived
// just in time (the deadline is then later): nothing to do.
func (s *Server) flag(id string) {
	err := s.withHub(s.ctx, id, func(h *hub) error {
		if h.rec.Clock.Deadline.After(s.cfg.Clock.Now()) {
			if err := h.reload(s.ctx); err != nil { // this copy may lag behind the store
				return err
			}
		}
		return h.mutate(s.ctx, func() (change, error) { return change{}, errNoChange })
	})
	switch {
	case err == nil, errors.Is(err, errNoChange), errors.Is(err, ErrGameOver), errors.Is(err, ErrNotFound),
		errors.Is(err, ErrClosing): // shutting down: another server, or this one restarted, will do it
	default:
		s.log.Warn("cannot end a game on time; retrying", "game", id, "err", err)
	}
}

// warnDue tells the players of correspondence games whose warning time
// has passed that they are about to time out (docs/clocks.md).
func (s *Server) warnDue() {
	ws, err := s.cfg.Store.DueWarnings(s.ctx, s.cfg.Clock.Now(), clockBatch)
	if err != nil {
		if s.ctx.Err() == nil {
			s.log.Warn("cannot read the clocks' warnings; retrying", "err", err)
		}
		return
	}
	for _, w := range ws {
		s.warn(w)
	}
}

// warn claims one warning and writes its notes in the claim's
// transaction, so that however many servers read it due, and however
// late, the player is told once. A warning whose notes cannot be built
// stays due and is tried again; one a move replaced is left to the new
// turn's.
func (s *Server) warn(w store.Warning) {
	ev, err := s.lowTimeOf(w)
	if err != nil {
		if s.ctx.Err() == nil && !errors.Is(err, ErrClosing) {
			s.log.Warn("cannot warn of a clock; retrying", "game", w.Game, "err", err)
		}
		return
	}
	if ev == nil {
		return // a move replaced the warning
	}
	n := s.cfg.Notifier
	var notes []store.Note
	if n != nil && ev.player != "" {
		if notes, err = n.LowTimeNotes(s.ctx, ev.player, w.Game, ev.version, ev.left, ev.info); err != nil {
			s.log.Warn("cannot warn of a clock; retrying", "game", w.Game, "err", err)
			return
		}
	}
	claimed, err := s.cfg.Store.ClaimWarning(s.ctx, w, notes)
	if err != nil && s.ctx.Err() == nil {
		s.log.Warn("cannot claim a clock's warning; retrying", "game", w.Game, "err", err)
	}
	if claimed && len(notes) > 0 {
		n.Wake()
	}
}

// lowTimeOf reads w's game afresh and returns its warning's note, or
// nil when a move replaced w. The room's copy may lag behind the
// store, and even hold an older turn's warning at the same time (two
// moves in a millisecond); warnings are rare, so the read costs little.
func (s *Server) lowTimeOf(w store.Warning) (*lowTime, error) {
	var ev *lowTime
	err := s.withHub(s.ctx, w.Game, func(h *hub) error {
		if err := h.reload(s.ctx); err != nil {
			return err
		}
		if h.rec.Clock.Warn.Equal(w.At) {
			ev = h.lowTime(s.cfg.Clock.Now())
		}
		return nil
	})
	return ev, err
}

// lowTime is a warning's note: the player to tell ("" when the running
// seat is nobody's to tell: an AI, or one person holding both seats),
// the game's version, their time left, and what the note says.
type lowTime struct {
	player  string
	version int64
	left    time.Duration
	info    notify.Info
}

// lowTime builds the warning of the running player at now; the caller
// holds h.mu.
func (h *hub) lowTime(now time.Time) *lowTime {
	ev := &lowTime{version: h.rec.Version}
	seat := h.rec.Clock.Running
	if seat < 0 || seat > 1 || h.over() {
		return ev
	}
	p := game.Player(seat)
	ev.left = max(0, h.rec.Clock.Deadline.Sub(now)).Truncate(time.Minute)
	ev.info = notify.Info{Title: h.info.Title, Name: h.nameOf(p), Opponent: h.nameOf(p.Other()), Plies: len(h.rec.Moves)}
	if h.rec.Seats[p].Kind == store.Human && seatPlayer(h.rec, p) != seatPlayer(h.rec, p.Other()) {
		ev.player = seatPlayer(h.rec, p)
	}
	return ev
}
