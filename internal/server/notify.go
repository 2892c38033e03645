package server

import (
	"context"
	"net/http"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/clock"
	"github.com/plateau-games/plateau/internal/notify"
	"github.com/plateau-games/plateau/internal/store"
)

// routesNotify serves the notification settings of the request's player
// (docs/api.md, "Notifications").
func (s *Server) routesNotify(m *http.ServeMux) {
	m.HandleFunc("GET /api/notify/settings", s.handleNotifyGet)
	m.HandleFunc("POST /api/notify/settings", s.limit(limitRequest, s.handleNotifySet))
	m.HandleFunc("POST /api/notify/subscribe", s.limit(limitRequest, s.handleNotifySubscribe))
	m.HandleFunc("POST /api/notify/unsubscribe", s.limit(limitRequest, s.handleNotifyUnsubscribe))
}

var errNotifyOff = refuse(ErrNotFound, "this server sends no notifications")

// notifyPlayer returns the notifier and the id of the request's player
// (its session, or its API key).
func (s *Server) notifyPlayer(r *http.Request) (*notify.Notifier, string, error) {
	if s.cfg.Notifier == nil {
		return nil, "", errNotifyOff
	}
	c, err := s.playerOf(r)
	if err != nil {
		return nil, "", err
	}
	return s.cfg.Notifier, c.player, nil
}

func (s *Server) handleNotifyGet(w http.ResponseWriter, r *http.Request) {
	n, player, err := s.notifyPlayer(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	settings, err := n.Settings(r.Context(), player)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	s.reply(w, http.StatusOK, settings)
}

func (s *Server) handleNotifySet(w http.ResponseWriter, r *http.Request) {
	n, player, err := s.notifyPlayer(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var req notify.Settings
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := n.SetSettings(r.Context(), player, req); err != nil {
		s.fail(w, r, err)
		return
	}
	s.handleNotifyGet(w, r)
}

func (s *Server) handleNotifySubscribe(w http.ResponseWriter, r *http.Request) {
	n, player, err := s.notifyPlayer(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// PushSubscription.toJSON() may carry expirationTime: taken, unused.
	var req struct {
		notify.Subscription
		ExpirationTime *float64 `json:"expirationTime"`
	}
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := n.Subscribe(r.Context(), player, req.Subscription); err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) handleNotifyUnsubscribe(w http.ResponseWriter, r *http.Request) {
	n, player, err := s.notifyPlayer(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var req struct {
		Endpoint string `json:"endpoint"`
	}
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := n.Unsubscribe(r.Context(), player, req.Endpoint); err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// turnNotes returns the notes of u, the change about to be written,
// when it makes it a human's turn (not when the same seat stays to act,
// as through an Abraxas take or a draw offer) and no WebSocket of
// theirs watches the game, here or on another server (its lease says
// so). A player holding both seats (a game on one device) is not told.
// The change writes them in its own transaction (store.Update.Notes), so
// no crash after the commit loses them; turnNoted wakes the notifier
// once it is committed. The caller holds h.mu.
func (s *Server) turnNotes(ctx context.Context, h *hub, u store.Update) []store.Note {
	n := s.cfg.Notifier
	if n == nil || u.Result != store.Ongoing || u.ToAct < 0 || u.ToAct == int(h.state.ToAct()) {
		return nil
	}
	seat := game.Player(u.ToAct)
	if h.rec.Seats[seat].Kind != store.Human || h.connected(int(seat)) {
		return nil
	}
	player := seatPlayer(h.rec, seat)
	if player == "" || player == seatPlayer(h.rec, 1-seat) {
		return nil
	}
	info := notify.Info{Title: h.info.Title, Name: h.nameOf(seat), Opponent: h.nameOf(1 - seat), Plies: u.Keep + len(u.Append),
		RealTime: h.control().Kind == clock.RealTime}
	notes, err := n.Notes(ctx, notify.Event{Kind: notify.KindTurn, Player: player, Game: h.id, Version: u.Version + 1, Info: info})
	if err != nil {
		s.log.Warn("turn notification", "game", h.id, "err", err)
		return nil
	}
	return notes
}

// turnNoted wakes the notifier when the committed change u wrote notes.
func (s *Server) turnNoted(u store.Update) {
	if len(u.Notes) > 0 && s.cfg.Notifier != nil {
		s.cfg.Notifier.Wake()
	}
}

// seatPlayer is the id of the player sitting in seat, "" if none.
func seatPlayer(rec store.Game, seat game.Player) string { return rec.Seats[seat].Player }

// nameOf is the public name of the player in seat, "" if unknown; the
// caller holds h.mu.
func (h *hub) nameOf(seat game.Player) string {
	if r := h.names[seat]; r != nil {
		return r.Name
	}
	return ""
}
