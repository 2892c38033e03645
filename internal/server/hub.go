package server

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/store"
)

// hub is one game in memory. Every field but view and viewMsg is guarded
// by mu; view and viewMsg are read without it by GET and new watchers.
type hub struct {
	srv *Server
	id  string

	mu       sync.Mutex
	loaded   bool
	evicted  bool
	rec      store.Game
	state    game.State
	info     game.Game
	watchers map[*watcher]struct{}
	present  [2]int            // WebSockets that identified themselves per seat
	remote   [2]bool           // seats another server holds a live lease of (seatpresence.go)
	names    [2]*api.PlayerRef // who sits in each seat, for the view
	lastUsed time.Time

	aiCancel  context.CancelFunc // non-nil while an AI move is being chosen
	aiVersion int64              // the version the AI is answering
	aiSeq     uint64             // counts searches, so that each knows if it is still the current one

	// chatSent holds the chat lines sent to the watchers, so that the
	// announcement of a line (by this server or another) sends it once.
	chatSent map[int64]bool

	view    atomic.Pointer[[]byte] // the view JSON
	viewMsg atomic.Pointer[[]byte] // the view wrapped as a WebSocket message
}

func newHub(s *Server, id string) *hub {
	return &hub{srv: s, id: id, watchers: map[*watcher]struct{}{}}
}

// ensureLoaded loads the game from the store the first time.
func (h *hub) ensureLoaded(ctx context.Context) error {
	if h.loaded {
		return nil
	}
	if err := h.load(ctx); err != nil {
		h.srv.drop(h)
		if errors.Is(err, store.ErrNotFound) {
			return errNoGame
		}
		return err
	}
	h.loaded = true
	h.readRemote(ctx)
	h.publish()
	return nil
}

// load reads the game and replays its moves with the rules engine.
func (h *hub) load(ctx context.Context) error {
	rec, err := h.srv.cfg.Store.Load(ctx, h.id)
	if err != nil {
		return err
	}
	info, _, err := h.srv.cfg.Registry.Lookup(rec.Game)
	if err != nil {
		return fmt.Errorf("server: game %s: %w", h.id, err)
	}
	st, err := h.srv.cfg.Registry.New(rec.Game, rec.Start)
	if err != nil {
		return fmt.Errorf("server: game %s: %w", h.id, err)
	}
	for i, m := range rec.Moves {
		if _, err := game.PlayChecked(st, m.Text); err != nil {
			return fmt.Errorf("server: game %s: replaying ply %d: %w", h.id, i, err)
		}
	}
	h.rec, h.state, h.info = rec, st, info
	h.names = h.srv.seatNames(ctx, rec.Seats)
	return nil
}

// refresh reloads the game after another process changed it to version.
// It never starts or strands an AI move: those are jobs in the store.
func (h *hub) refresh(ctx context.Context, version int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.loaded || h.evicted || (version > 0 && h.rec.Version >= version) {
		return
	}
	if err := h.reload(ctx); err != nil {
		h.srv.log.Error("reloading a game changed elsewhere", "game", h.id, "err", err)
	}
}

// reload reads the game's true state from the store, abandons a search
// this process runs for a version that is gone (the change that ended
// it rewrote the game's AI job), and tells the watchers. The caller
// holds h.mu.
func (h *hub) reload(ctx context.Context) error {
	if err := h.load(ctx); err != nil {
		return err
	}
	if h.aiCancel != nil && h.aiVersion != h.rec.Version {
		h.cancelAI()
	}
	h.publish()
	return nil
}

// aiToAct reports whether the game owes an AI move. The caller holds h.mu.
func (h *hub) aiToAct() bool {
	return !h.over() && h.rec.Seats[h.state.ToAct()].Kind == store.AI
}

// after reports whether an AI seat is to act once u is applied, and
// which player is to act (-1 once the game is over).
func (h *hub) after(u store.Update) (aiToAct bool, toAct int) {
	if u.Result != store.Ongoing {
		return false, -1
	}
	// A clone: only changes other than moves (draw offers, take-backs)
	// come here, rarely enough that a copy beats undoing in place.
	st := h.state.Clone()
	for range h.rec.Moves[u.Keep:] {
		st.Undo()
	}
	for _, m := range u.Append {
		if _, err := game.PlayChecked(st, m.Text); err != nil {
			// Cannot happen: decide played these moves on this state.
			h.srv.log.Error("a change's moves do not replay", "game", h.id, "err", err)
			return false, int(h.state.ToAct())
		}
	}
	return h.rec.Seats[st.ToAct()].Kind == store.AI, int(st.ToAct())
}

// change is a decision taken on the in-memory game: the store update to
// write, and what it counts as for the metrics.
type change struct {
	update store.Update
	// by is "human" or "ai" for a move, whose update says whether the
	// AI is to act next; "" for other changes, whose mutate works it out.
	by string
	// timeout marks the change that ends the game on time (see timeout).
	timeout bool
}

// mutate decides a change, writes it, then applies it in memory and
// tells the watchers. decide sees the current game; when the store says
// another process changed it meanwhile, the game is reloaded and decide
// runs again. The caller holds h.mu.
func (h *hub) mutate(ctx context.Context, decide func() (change, error)) error {
	// The write must not be abandoned half way by a client going away:
	// memory must learn whether it was committed.
	ctx = context.WithoutCancel(ctx)
	for attempt := 0; ; attempt++ {
		now := h.srv.cfg.Clock.Now()
		c, timedOut := h.timeout(now) // a clock that ran out comes before any action
		var err error
		if !timedOut {
			if c, err = decide(); err != nil {
				return err
			}
		}
		c.update.ID, c.update.Version, c.update.At = h.id, h.rec.Version, now
		if c.by == "" {
			c.update.AIToAct, c.update.ToAct = h.after(c.update)
		}
		c.update.Clock = h.clockAfter(c.update)
		c.update.Rating = h.ratingOf(c.update)
		c.update.Notes = h.srv.turnNotes(ctx, h, c.update)
		err = h.srv.cfg.Store.Update(ctx, c.update)
		if errors.Is(err, store.ErrConflict) && attempt < 3 {
			if err := h.reload(ctx); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		h.apply(c.update)
		h.srv.metrics.countMove(c.by, len(c.update.Append))
		h.publish()
		h.srv.turnNoted(c.update)
		if c.update.AIToAct {
			h.srv.pool.nudge()
		}
		if c.timeout {
			return errOver // the action came too late
		}
		return nil
	}
}

// apply changes the in-memory game as u changed the stored one.
func (h *hub) apply(u store.Update) {
	for len(h.rec.Moves) > u.Keep {
		h.state.Undo()
		h.rec.Moves = h.rec.Moves[:len(h.rec.Moves)-1]
	}
	for _, m := range u.Append {
		if _, err := game.PlayChecked(h.state, m.Text); err != nil {
			// Cannot happen: decide played the same move on this state.
			h.srv.log.Error("stored move does not replay", "game", h.id, "err", err)
		}
		h.rec.Moves = append(h.rec.Moves, m)
	}
	h.rec.Result, h.rec.Reason, h.rec.DrawOffer = u.Result, u.Reason, u.DrawOffer
	h.rec.TakeBackBy, h.rec.Declined, h.rec.DeclinedBy = u.TakeBackBy, u.Declined, u.DeclinedBy
	if u.Hint {
		h.rec.Hints++
	}
	for _, c := range u.Seats {
		h.rec.Seats[c.Seat].Player, h.rec.Seats[c.Seat].TokenHash = c.Player, c.TokenHash
	}
	h.rec.ToAct = u.ToAct
	h.rec.Version, h.rec.UpdatedAt = u.Version+1, u.At
	if u.Clock != nil {
		h.rec.Clock = *u.Clock
	}
	if u.Result != store.Ongoing {
		h.srv.log.Info("game over", "game", h.id, "result", u.Result, "reason", u.Reason, "plies", len(h.rec.Moves))
	}
}

// base returns an update that leaves the game as it is, but for the news
// of a declined offer, which lasts one version.
func (h *hub) base() store.Update {
	return store.Update{Keep: len(h.rec.Moves), Result: h.rec.Result, Reason: h.rec.Reason, DrawOffer: h.rec.DrawOffer,
		TakeBackBy: h.rec.TakeBackBy, DeclinedBy: store.NoOffer}
}

// over reports a game finished by the rules or by the players.
func (h *hub) over() bool { return h.rec.Result != store.Ongoing }

// idle reports a game nobody watches, no AI plays, nobody used lately.
func (h *hub) idle(after time.Duration) bool {
	return len(h.watchers) == 0 && h.aiCancel == nil && time.Since(h.lastUsed) > after
}
