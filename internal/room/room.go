package room

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

// Room is one game in memory: the authority on it in this process.
// Every field but view and viewMsg is guarded by mu; view and viewMsg
// are read without it by new watchers. Its methods are called within
// Hub.With (mu held) unless they say otherwise.
type Room struct {
	hb *Hub
	id string

	mu       sync.Mutex
	loaded   bool
	evicted  bool
	rec      store.Game
	state    game.State
	info     game.Game
	watchers map[Subscriber]*watch
	present  [2]int            // WebSockets that identified themselves per seat
	remote   [2]bool           // seats another server holds a live lease of (presence.go)
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

func newRoom(hb *Hub, id string) *Room {
	return &Room{hb: hb, id: id, watchers: map[Subscriber]*watch{}}
}

// ensureLoaded loads the game from the store the first time.
func (h *Room) ensureLoaded(ctx context.Context) error {
	if h.loaded {
		return nil
	}
	if err := h.load(ctx); err != nil {
		h.hb.drop(h)
		if errors.Is(err, store.ErrNotFound) {
			return ErrNoSuchGame
		}
		return err
	}
	h.loaded = true
	h.readRemote(ctx)
	h.publish()
	return nil
}

// load reads the game and replays its moves with the rules engine.
func (h *Room) load(ctx context.Context) error {
	rec, err := h.hb.cfg.Store.Load(ctx, h.id)
	if err != nil {
		return err
	}
	info, _, err := h.hb.cfg.Registry.Lookup(rec.Game)
	if err != nil {
		return fmt.Errorf("room: game %s: %w", h.id, err)
	}
	st, err := h.hb.cfg.Registry.New(rec.Game, rec.Start)
	if err != nil {
		return fmt.Errorf("room: game %s: %w", h.id, err)
	}
	for i, m := range rec.Moves {
		if _, err := game.PlayChecked(st, m.Text); err != nil {
			return fmt.Errorf("room: game %s: replaying ply %d: %w", h.id, i, err)
		}
	}
	h.rec, h.state, h.info = rec, st, info
	h.names = h.hb.cfg.Events.SeatNames(ctx, rec.Seats)
	return nil
}

// refresh reloads the game after another process changed it to version.
// It never starts or strands an AI move: those are jobs in the store.
func (h *Room) refresh(ctx context.Context, version int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.loaded || h.evicted || (version > 0 && h.rec.Version >= version) {
		return
	}
	if err := h.reload(ctx); err != nil {
		h.hb.cfg.Log.Error("reloading a game changed elsewhere", "game", h.id, "err", err)
	}
}

// reload reads the game's true state from the store, abandons a search
// this process runs for a version that is gone (the change that ended
// it rewrote the game's AI job), and tells the watchers. The caller
// holds h.mu.
func (h *Room) reload(ctx context.Context) error {
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
func (h *Room) aiToAct() bool {
	return !h.over() && h.rec.Seats[h.state.ToAct()].Kind == store.AI
}

// after reports whether an AI seat is to act once u is applied, and
// which player is to act (-1 once the game is over).
func (h *Room) after(u store.Update) (aiToAct bool, toAct int) {
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
			h.hb.cfg.Log.Error("a change's moves do not replay", "game", h.id, "err", err)
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
func (h *Room) mutate(ctx context.Context, decide func() (change, error)) error {
	// The write must not be abandoned half way by a client going away:
	// memory must learn whether it was committed.
	ctx = context.WithoutCancel(ctx)
	for attempt := 0; ; attempt++ {
		now := h.hb.cfg.Clock.Now()
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
		c.update.Rating = h.ratingUpdate(c.update)
		c.update.Notes = h.turnNotes(ctx, c.update)
		err = h.hb.cfg.Store.Update(ctx, c.update)
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
		h.hb.cfg.Events.Moved(c.by, len(c.update.Append))
		h.publish()
		if len(c.update.Notes) > 0 {
			h.hb.cfg.Events.TurnNoted()
		}
		if c.update.AIToAct {
			h.hb.cfg.Events.AIOwed()
		}
		if c.timeout {
			return ErrOver // the action came too late
		}
		return nil
	}
}

// apply changes the in-memory game as u changed the stored one.
func (h *Room) apply(u store.Update) {
	for len(h.rec.Moves) > u.Keep {
		h.state.Undo()
		h.rec.Moves = h.rec.Moves[:len(h.rec.Moves)-1]
	}
	for _, m := range u.Append {
		if _, err := game.PlayChecked(h.state, m.Text); err != nil {
			// Cannot happen: decide played the same move on this state.
			h.hb.cfg.Log.Error("stored move does not replay", "game", h.id, "err", err)
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
		h.hb.cfg.Log.Info("game over", "game", h.id, "result", u.Result, "reason", u.Reason, "plies", len(h.rec.Moves))
	}
}

// base returns an update that leaves the game as it is, but for the news
// of a declined offer, which lasts one version.
func (h *Room) base() store.Update {
	return store.Update{Keep: len(h.rec.Moves), Result: h.rec.Result, Reason: h.rec.Reason, DrawOffer: h.rec.DrawOffer,
		TakeBackBy: h.rec.TakeBackBy, DeclinedBy: store.NoOffer}
}

// over reports a game finished by the rules or by the players.
func (h *Room) over() bool { return h.rec.Result != store.Ongoing }

// idle reports a game nobody watches, no AI plays, nobody used lately.
func (h *Room) idle(after time.Duration) bool {
	return len(h.watchers) == 0 && h.aiCancel == nil && time.Since(h.lastUsed) > after
}

// ID returns the game's id.
func (h *Room) ID() string { return h.id }

// Record returns the game as stored, as this process last knew it. Its
// slices are the room's: read them, never change them.
func (h *Room) Record() store.Game { return h.rec }

// ToAct returns the player to act by the rules.
func (h *Room) ToAct() game.Player { return h.state.ToAct() }

// Position is the game's position now, in its notation. The caller holds
// the room (Hub.With).
func (h *Room) Position() string { return h.state.String() }

// Over reports a game finished by the rules or by the players.
func (h *Room) Over() bool { return h.over() }

// AIToAct reports whether the game owes an AI move.
func (h *Room) AIToAct() bool { return h.aiToAct() }

// Explain returns the rule that refuses move in the current position
// (game.Explain), nil when the game is over or nothing refuses it.
func (h *Room) Explain(move string) game.Text {
	if h.over() {
		return nil
	}
	return game.Explain(h.state, move)
}
