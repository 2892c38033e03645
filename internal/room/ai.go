package room

import (
	"context"
	"errors"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/store"
)

// ErrMoot ends an AI job whose game does not owe that move any more.
var ErrMoot = errors.New("room: the AI job is moot")

// Search is an AI move being chosen by this process for one job: the
// position to search from (a clone the searcher may keep), the game's id
// with its options and the AI seat's level. Ctx ends when the search is
// abandoned (the move was taken back, the game changed elsewhere, the
// server closes).
type Search struct {
	Ctx      context.Context
	Position game.State
	Game     string
	Level    int
	h        *Room
	seq      uint64 // the room's aiSeq when it began
}

// TakeJob starts answering j on its game, when the game still owes that
// move (ErrMoot when not, the game's refusals when it is gone); its true
// state is read first if this process's copy is behind.
func (hb *Hub) TakeJob(j store.Job) (Search, error) {
	var sr Search
	err := hb.With(hb.ctx, j.GameID, func(h *Room) error {
		var err error
		sr, err = h.takeJob(hb.ctx, j)
		return err
	})
	return sr, err
}

// takeJob is TakeJob on the room; the caller holds h.mu.
func (h *Room) takeJob(ctx context.Context, j store.Job) (Search, error) {
	if h.rec.Version < j.Version {
		if err := h.reload(ctx); err != nil {
			return Search{}, err
		}
	}
	if h.rec.Version != j.Version || !h.aiToAct() {
		return Search{}, ErrMoot
	}
	// A search already running here for this version lost its lease
	// (it stalled for longer than a lease): this claim replaces it.
	h.cancelAI()
	sctx, cancel := context.WithCancel(h.hb.ctx)
	h.aiSeq++
	h.aiCancel, h.aiVersion = cancel, j.Version
	level := h.rec.Seats[h.state.ToAct()].Level
	return Search{Ctx: sctx, h: h, seq: h.aiSeq, Position: h.state.Clone(), Game: h.rec.Game, Level: level}, nil
}

// Finish plays the AI's move text (err: the search failed) if the game
// is still where the AI saw it. It returns the outcome for the metrics
// ("moot", "released", "retry", "played") and the error that makes the
// job worth retrying (a failed commit); nil when the job is done. It
// locks the room itself.
func (sr Search) Finish(j store.Job, text string, err error) (string, error) {
	h := sr.h
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.aiSeq != sr.seq || h.aiCancel == nil {
		// Taken back, or changed elsewhere (the change rewrote the job),
		// or replaced by a search of this process that claimed it again.
		return "moot", nil
	}
	h.cancelAI()
	if err != nil {
		return "released", err
	}
	err = h.mutate(h.hb.ctx, func() (change, error) {
		if h.rec.Version != j.Version || !h.aiToAct() {
			return change{}, Refuse(ErrStale, "the game changed while the AI thought")
		}
		return h.play(text, "ai")
	})
	if errors.Is(err, ErrStale) || errors.Is(err, ErrGameOver) { // game over: on time, while the AI thought
		return "moot", nil
	}
	if err != nil {
		h.hb.cfg.Log.Error("AI move not stored; it will be retried", "game", h.id, "attempt", j.Attempts, "err", err)
		return "retry", err
	}
	return "played", nil
}

// cancelAI abandons an AI move in progress. The caller holds h.mu.
func (h *Room) cancelAI() {
	if h.aiCancel != nil {
		h.aiCancel()
		h.aiCancel = nil
	}
	h.aiVersion = -1
}
