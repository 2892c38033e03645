package server

import (
	"context"
	"errors"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/store"
)

// maybeStartAI starts choosing a move when an AI seat is to act. The
// caller holds h.mu.
func (h *hub) maybeStartAI() {
	if h.over() || h.aiCancel != nil || h.srv.ctx.Err() != nil {
		return
	}
	p := h.state.ToAct()
	seat := h.rec.Seats[p]
	if seat.Kind != store.AI {
		return
	}
	if !h.srv.startTask() {
		return
	}
	ctx, cancel := context.WithCancel(h.srv.ctx)
	h.aiCancel, h.aiVersion = cancel, h.rec.Version
	version, pos, name := h.rec.Version, h.state.Clone(), h.rec.Game
	go func() {
		defer h.srv.wg.Done()
		defer cancel()
		text, err := h.srv.think(ctx, name, pos, seat.Level)
		h.aiDone(version, text, err)
	}()
}

// think asks the Mover for a move within the time budget, after the
// configured least delay. A Mover that fails gets replaced by a random
// legal move so that a game never stalls on an AI error.
func (s *Server) think(ctx context.Context, name string, pos game.State, level int) (string, error) {
	start := time.Now()
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
	if wait := s.cfg.AIMinDelay - time.Since(start); wait > 0 {
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return "", ctx.Err()
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

// aiDone plays the AI's move if the game is still where the AI saw it.
func (h *hub) aiDone(version int64, text string, err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.aiVersion != version || h.aiCancel == nil {
		return // taken back, or changed elsewhere: another AI run decides
	}
	h.aiCancel = nil
	if err != nil {
		if h.srv.ctx.Err() == nil {
			h.srv.log.Error("AI move failed", "game", h.id, "err", err)
		}
		h.publish()
		return
	}
	err = h.mutate(h.srv.ctx, func() (change, error) {
		if h.rec.Version != version || h.over() || h.rec.Seats[h.state.ToAct()].Kind != store.AI {
			return change{}, refuse(ErrStale, "the game changed while the AI thought")
		}
		return h.play(text, "ai")
	})
	if errors.Is(err, ErrStale) {
		// Changed by another process: if an AI is to act, this process
		// may as well answer; the store lets only one answer land.
		h.maybeStartAI()
		h.publish()
	} else if err != nil {
		h.srv.log.Error("AI move not stored", "game", h.id, "err", err)
		h.publish()
	}
}

// cancelAI abandons an AI move in progress. The caller holds h.mu.
func (h *hub) cancelAI() {
	if h.aiCancel != nil {
		h.aiCancel()
		h.aiCancel = nil
	}
	h.aiVersion = -1
}
