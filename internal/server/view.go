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
	Seats      []seatView `json:"seats"`
	DrawOffer  *int       `json:"drawOffer"`
	AIThinking bool       `json:"aiThinking"`
	Version    int64      `json:"version"`
	CreatedAt  string     `json:"createdAt"`
	UpdatedAt  string     `json:"updatedAt"`
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
		AIThinking: h.aiToAct(), Version: h.rec.Version,
		CreatedAt: formatTime(h.rec.CreatedAt), UpdatedAt: formatTime(h.rec.UpdatedAt)}
	for i, m := range h.rec.Moves {
		v.Moves[i], v.Movers[i] = m.Text, m.Player
	}
	if !h.over() {
		v.Legal = game.MoveStrings(h.state)
	}
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
