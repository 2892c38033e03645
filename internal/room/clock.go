package room

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/clock"
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
func (h *Room) control() clock.Control {
	if h.rec.Clock.Control == "" {
		return clock.Control{}
	}
	c, err := clock.Parse(h.rec.Clock.Control)
	if err != nil {
		h.hb.cfg.Log.Error("a stored time control does not parse", "game", h.id, "err", err)
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

// StartClock returns the clock of a new game, or the zero clock.
func StartClock(ctl clock.Control, toAct game.Player, now time.Time) store.Clock {
	if !ctl.Timed() {
		return store.Clock{}
	}
	return *storedClock(ctl, ctl.Start(int(toAct), now))
}

// clockAfter returns the clock once u is applied at u.At, or nil when u
// leaves it as it is: a move hands it over to whoever the rules say acts
// next, a take-back gives it to whoever acts then, an end stops it.
func (h *Room) clockAfter(u store.Update) *store.Clock {
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
func (h *Room) toActAfter(u store.Update) game.Player {
	st := h.state.Clone()
	for range h.rec.Moves[u.Keep:] {
		st.Undo()
	}
	for _, m := range u.Append {
		if _, err := game.PlayChecked(st, m.Text); err != nil {
			h.hb.cfg.Log.Error("a change's moves do not replay", "game", h.id, "err", err)
		}
	}
	return st.ToAct()
}

// timeout returns the change that ends the game on time, when the
// clock of the player to act has run out at now: a loss for them, or an
// abort when it was their first turn.
func (h *Room) timeout(now time.Time) (change, bool) {
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
func (h *Room) clockView(now time.Time) *api.Clock {
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
func (h *Room) ticking() bool {
	return !h.over() && h.rec.Clock.Control != "" && h.rec.Clock.Running != clock.Nobody
}

// View returns the game's view as of now, as JSON.
func (h *Room) View() []byte {
	b, _ := h.current()
	return b
}

// current returns the view to send now, and its WebSocket message: the
// cached ones, or fresh ones when a clock runs. The caller holds h.mu.
func (h *Room) current() (view, msg []byte) {
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

// WatchClocks ends the games whose clock has run out, whether anybody
// is connected or not, until the hub's context ends; after each look it
// calls warn (the correspondence warnings). Deadlines live in the store,
// so every server sharing it sees them, a restarted one included; each
// server polls the due ones every poll at most (sooner when the next
// deadline is nearer), and the timeout is written with the game's
// compare-and-set: it happens once, by whichever server comes first.
func (hb *Hub) WatchClocks(poll time.Duration, warn func()) {
	for {
		hb.endDueClocks()
		warn()
		wait := poll
		// A deadline still past after endDueClocks is one that cannot be
		// ended now (logged): it waits for the next poll.
		if next, err := hb.cfg.Store.NextDeadline(hb.ctx); err == nil && !next.IsZero() {
			if d := next.Sub(hb.cfg.Clock.Now()); d > 0 && d < wait {
				wait = d
			}
		}
		select {
		case <-hb.ctx.Done():
			return
		case <-time.After(wait):
		}
	}
}

// endDueClocks ends the games whose deadline has passed.
func (hb *Hub) endDueClocks() {
	for hb.ctx.Err() == nil {
		ids, err := hb.cfg.Store.DueClocks(hb.ctx, hb.cfg.Clock.Now(), clockBatch)
		if err != nil {
			if hb.ctx.Err() == nil {
				hb.cfg.Log.Warn("cannot read the clocks' deadlines; retrying", "err", err)
			}
			return
		}
		for _, id := range ids {
			hb.flag(id)
		}
		if len(ids) < clockBatch {
			return
		}
	}
}

// flag ends one game on time if its clock has run out. Another server
// may have done it (the game is then over), or a move may have arrived
// just in time (the deadline is then later): nothing to do.
func (hb *Hub) flag(id string) {
	err := hb.With(hb.ctx, id, func(h *Room) error {
		if h.rec.Clock.Deadline.After(hb.cfg.Clock.Now()) {
			if err := h.reload(hb.ctx); err != nil { // this copy may lag behind the store
				return err
			}
		}
		return h.mutate(hb.ctx, func() (change, error) { return change{}, ErrNoChange })
	})
	switch {
	case err == nil, errors.Is(err, ErrNoChange), errors.Is(err, ErrGameOver), errors.Is(err, ErrNotFound),
		errors.Is(err, ErrClosing): // shutting down: another server, or this one restarted, will do it
	default:
		hb.cfg.Log.Warn("cannot end a game on time; retrying", "game", id, "err", err)
	}
}

// LowTimeOf reads w's game afresh and returns its warning's note, or
// nil when a move replaced w. The room's copy may lag behind the
// store, and even hold an older turn's warning at the same time (two
// moves in a millisecond); warnings are rare, so the read costs little.
func (hb *Hub) LowTimeOf(w store.Warning) (*LowTime, error) {
	var ev *LowTime
	err := hb.With(hb.ctx, w.Game, func(h *Room) error {
		if err := h.reload(hb.ctx); err != nil {
			return err
		}
		if h.rec.Clock.Warn.Equal(w.At) {
			ev = h.lowTime(hb.cfg.Clock.Now())
		}
		return nil
	})
	return ev, err
}

// LowTime is a warning's note: the player to tell ("" when the running
// seat is nobody's to tell: an AI, or one person holding both seats),
// the game's version, their time left, and what the note says.
type LowTime struct {
	Player  string
	Version int64
	Left    time.Duration
	Info    Notice
}

// lowTime builds the warning of the running player at now; the caller
// holds h.mu.
func (h *Room) lowTime(now time.Time) *LowTime {
	ev := &LowTime{Version: h.rec.Version}
	seat := h.rec.Clock.Running
	if seat < 0 || seat > 1 || h.over() {
		return ev
	}
	p := game.Player(seat)
	ev.Left = max(0, h.rec.Clock.Deadline.Sub(now)).Truncate(time.Minute)
	ev.Info = Notice{Title: h.info.Title, Name: h.nameOf(p), Opponent: h.nameOf(p.Other()), Plies: len(h.rec.Moves)}
	if h.rec.Seats[p].Kind == store.Human && seatPlayer(h.rec, p) != seatPlayer(h.rec, p.Other()) {
		ev.Player = seatPlayer(h.rec, p)
	}
	return ev
}
