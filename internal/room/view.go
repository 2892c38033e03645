package room

import (
	"encoding/json"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/i18n"
	"github.com/plateau-games/plateau/internal/store"
)

// roomReasons are the ends the players decide rather than the rules, in
// every language.
var roomReasons = map[string]game.Text{
	"resignation":  i18n.T("resignation"),
	"draw agreed":  i18n.T("draw agreed"),
	reasonTimeOut:  i18n.T("time out"),
	reasonAborted:  i18n.T("aborted: the first move did not come in time"),
	ReasonDeadline: i18n.T("the tournament round's deadline passed"),
}

// ReasonText returns a game's end reason in every language: the
// players' own, or the rules' as the game says them. A reason the game
// does not know (a record from an older engine) stays English; "" while
// the game lasts gives nil.
func ReasonText(g game.Game, why string) game.Text {
	if t, ok := roomReasons[why]; ok {
		return t
	}
	if why == "" {
		return nil
	}
	if g.Reasons != nil {
		if t := g.Reasons(why); t != nil {
			return t
		}
	}
	return game.Text{"en": why}
}

// TimeFormat is how the API writes times.
const TimeFormat = "2006-01-02T15:04:05.000Z07:00"

// FormatTime writes t as the API does, in UTC.
func FormatTime(t time.Time) string { return t.UTC().Format(TimeFormat) }

// buildView renders the game as the view of docs/api.md; the caller
// holds h.mu.
func (h *Room) buildView() api.View {
	v := api.View{ID: h.id, Game: h.rec.Game, Title: h.info.Title, Players: h.info.Players,
		Start: h.rec.Start, Position: h.state.String(), ToAct: int(h.state.ToAct()),
		Result: h.rec.Result, Reason: h.rec.Reason, Scores: h.state.Scores(),
		Moves: make([]string, len(h.rec.Moves)), Movers: make([]int, len(h.rec.Moves)), Legal: []string{},
		AIThinking: h.aiToAct(), Hints: h.rec.Hints, Rated: h.rec.Rated, Private: h.rec.Private, Version: h.rec.Version,
		CreatedAt: FormatTime(h.rec.CreatedAt), UpdatedAt: FormatTime(h.rec.UpdatedAt)}
	for i, m := range h.rec.Moves {
		v.Moves[i], v.Movers[i] = m.Text, m.Player
	}
	if !h.over() {
		v.Legal = game.MoveStrings(h.state)
	}
	v.Phase = api.PhaseOf(h.state)
	v.Clock = h.clockView(h.hb.cfg.Clock.Now())
	v.ReasonText = ReasonText(h.info, h.rec.Reason)
	if tc, ok := h.state.(game.TakenCounter); ok {
		n := tc.Taken()
		v.Taken = &n
	}
	if h.rec.DrawOffer != store.NoOffer {
		p := h.rec.DrawOffer
		v.DrawOffer = &p
	}
	if h.rec.TakeBackBy != store.NoOffer {
		p := h.rec.TakeBackBy
		v.TakeBack = &p
	}
	if h.rec.Declined != "" {
		v.Declined = &api.Declined{Offer: h.rec.Declined, By: h.rec.DeclinedBy}
	}
	for i, s := range h.rec.Seats {
		v.Seats = append(v.Seats, api.Seat{Kind: s.Kind, Level: s.Level, Connected: h.connected(i), Player: h.names[i]})
	}
	return v
}

// publish renders the view once and hands it to every watcher. The
// caller holds h.mu.
func (h *Room) publish() {
	b, err := json.Marshal(h.buildView())
	if err != nil {
		h.hb.cfg.Log.Error("rendering a view", "game", h.id, "err", err)
		return
	}
	msg, _ := json.Marshal(api.WSMessage{Type: "view", View: b})
	h.view.Store(&b)
	h.viewMsg.Store(&msg)
	for sub := range h.watchers {
		sub.View(msg)
	}
}
