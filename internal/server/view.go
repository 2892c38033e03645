package server

import (
	"encoding/json"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/store"
)

// view is the document a client renders (docs/api.md).
type view struct {
	ID         string     `json:"id"`
	Game       string     `json:"game"`
	Title      string     `json:"title"`
	Players    [2]string  `json:"players"`
	Start      string     `json:"start"`
	Position   string     `json:"position"`
	ToAct      int        `json:"toAct"`
	Result     string     `json:"result"`
	Reason     string     `json:"reason"`
	Scores     [2]int     `json:"scores"`
	Moves      []string   `json:"moves"`
	Movers     []int      `json:"movers"`
	Legal      []string   `json:"legal"`
	Phase      *phaseView `json:"phase,omitempty"`
	Seats      []seatView `json:"seats"`
	DrawOffer  *int       `json:"drawOffer"`
	AIThinking bool       `json:"aiThinking"`
	Version    int64      `json:"version"`
	CreatedAt  string     `json:"createdAt"`
	UpdatedAt  string     `json:"updatedAt"`
}

// phaseView is the position's game.Phase, for games that have phases.
type phaseView struct {
	Name   string    `json:"name"`
	About  game.Text `json:"about"`
	Prompt game.Text `json:"prompt"`
	Hint   *hintView `json:"hint,omitempty"`
}

type hintView struct {
	Label game.Text `json:"label"`
	Text  game.Text `json:"text"`
}

// phaseOf returns the phase of a state, or nil for a game without phases.
func phaseOf(s game.State) *phaseView {
	p, ok := s.(game.Phaser)
	if !ok {
		return nil
	}
	ph := p.Phase()
	v := &phaseView{Name: ph.Name, About: ph.About, Prompt: ph.Prompt}
	if ph.Hint != nil {
		v.Hint = &hintView{Label: ph.Hint.Label, Text: ph.Hint.Text}
	}
	return v
}

type seatView struct {
	Kind      string `json:"kind"`
	Level     int    `json:"level,omitempty"`
	Connected bool   `json:"connected"`
}

const timeFormat = "2006-01-02T15:04:05.000Z07:00"

func formatTime(t time.Time) string { return t.UTC().Format(timeFormat) }

// buildView renders the game; the caller holds h.mu.
func (h *hub) buildView() view {
	v := view{ID: h.id, Game: h.rec.Game, Title: h.info.Title, Players: h.info.Players,
		Start: h.rec.Start, Position: h.state.String(), ToAct: int(h.state.ToAct()),
		Result: h.rec.Result, Reason: h.rec.Reason, Scores: h.state.Scores(),
		Moves: make([]string, len(h.rec.Moves)), Movers: make([]int, len(h.rec.Moves)), Legal: []string{},
		AIThinking: h.aiCancel != nil, Version: h.rec.Version,
		CreatedAt: formatTime(h.rec.CreatedAt), UpdatedAt: formatTime(h.rec.UpdatedAt)}
	for i, m := range h.rec.Moves {
		v.Moves[i], v.Movers[i] = m.Text, m.Player
	}
	if !h.over() {
		v.Legal = game.MoveStrings(h.state)
	}
	v.Phase = phaseOf(h.state)
	if h.rec.DrawOffer != store.NoOffer {
		p := h.rec.DrawOffer
		v.DrawOffer = &p
	}
	for i, s := range h.rec.Seats {
		v.Seats = append(v.Seats, seatView{Kind: s.Kind, Level: s.Level, Connected: h.present[i] > 0})
	}
	return v
}

// wsMessage is one message of the WebSocket.
type wsMessage struct {
	Type  string          `json:"type"`
	View  json.RawMessage `json:"view,omitempty"`
	Error string          `json:"error,omitempty"`
}

// publish renders the view once and hands it to every watcher. The
// caller holds h.mu.
func (h *hub) publish() {
	b, err := json.Marshal(h.buildView())
	if err != nil {
		h.srv.log.Error("rendering a view", "game", h.id, "err", err)
		return
	}
	msg, _ := json.Marshal(wsMessage{Type: "view", View: b})
	h.view.Store(&b)
	h.viewMsg.Store(&msg)
	for w := range h.watchers {
		w.send(msg)
	}
}
