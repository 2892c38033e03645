package server

import (
	"context"
	"errors"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/store"
)

// errMoot ends an AI job whose game does not owe that move any more.
var errMoot = errors.New("server: the AI job is moot")

// search is an AI move being chosen by this process for one job.
type search struct {
	ctx   context.Context
	h     *hub
	seq   uint64 // the hub's aiSeq when it began
	pos   game.State
	name  string
	level int
}

// takeJob starts answering j on the game, when the game still owes that
// move; its true state is read first if this process's copy is behind.
// The caller holds h.mu.
func (h *hub) takeJob(ctx context.Context, j store.Job) (search, error) {
	if h.rec.Version < j.Version {
		if err := h.reload(ctx); err != nil {
			return search{}, err
		}
	}
	if h.rec.Version != j.Version || !h.aiToAct() {
		return search{}, errMoot
	}
	// A search already running here for this version lost its lease
	// (it stalled for longer than a lease): this claim replaces it.
	h.cancelAI()
	sctx, cancel := context.WithCancel(h.srv.ctx)
	h.aiSeq++
	h.aiCancel, h.aiVersion = cancel, j.Version
	level := h.rec.Seats[h.state.ToAct()].Level
	return search{ctx: sctx, h: h, seq: h.aiSeq, pos: h.state.Clone(), name: h.rec.Game, level: level}, nil
}

// think asks the Mover for a move within the time budget. A Mover that
// fails gets replaced by a random legal move so that a game never stalls
// on an AI error.
func (s *Server) think(ctx context.Context, name string, pos game.State, level int) (string, error) {
	budget, cancel := context.WithTimeout(ctx, s.cfg.AIMoveTime)
	defer cancel()
	m, err := s.cfg.Mover.Move(budget, name, pos.Clone(), level)
	if ctx.Err() != nil {
		return "", ctx.Err()
	}
	if err == nil && !legal(pos, m) {
		err = errors.New("server: the AI chose an illegal move")
	}
	if err != nil {
		s.log.Error("AI failed, playing a random move", "game", name, "level", level, "err", err)
		if m, err = (RandomMover{}).Move(ctx, name, pos, level); err != nil {
			return "", err
		}
	}
	return pos.FormatMove(m), nil
}

func legal(s game.State, m game.Move) bool {
	for _, l := range s.Moves(nil) {
		if l == m {
			return true
		}
	}
	return false
}

// finishJob plays the AI's move if the game is still where the AI saw
// it. It returns the outcome for the metrics and the error that makes
// the job worth retrying (a failed commit); nil when the job is done.
func (h *hub) finishJob(sr search, j store.Job, text string, err error) (string, error) {
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
	err = h.mutate(h.srv.ctx, func() (change, error) {
		if h.rec.Version != j.Version || !h.aiToAct() {
			return change{}, refuse(ErrStale, "the game changed while the AI thought")
		}
		return h.play(text, "ai")
	})
	if errors.Is(err, ErrStale) || errors.Is(err, ErrGameOver) { // game over: on time, while the AI thought
		return "moot", nil
	}
	if err != nil {
		h.srv.log.Error("AI move not stored; it will be retried", "game", h.id, "attempt", j.Attempts, "err", err)
		return "retry", err
	}
	return "played", nil
}

// cancelAI abandons an AI move in progress. The caller holds h.mu.
func (h *hub) cancelAI() {
	if h.aiCancel != nil {
		h.aiCancel()
		h.aiCancel = nil
	}
	h.aiVersion = -1
}
