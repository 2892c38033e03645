package server

import (
	"context"
	"errors"
	"net/http"

	"github.com/plateau-games/plateau/internal/lobby"
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

// noticeChallenge sends challenge k to its addressee's notification
// channels (issue 30, point 5). The note is keyed by the seek: a retry,
// or another server, adds nothing. A failure is logged: the challenge
// itself stands, and the lobby's toast still shows it.
func (s *Server) noticeChallenge(ctx context.Context, k lobby.Seek) {
	if s.cfg.Notifier == nil || k.To.ID == "" {
		return
	}
	info := notify.Info{Name: k.To.Name, Opponent: k.Owner.Name, RealTime: k.Kind == lobby.RealTime}
	if g, _, err := s.cfg.Registry.Lookup(k.Game); err == nil {
		info.Title = g.Title
	}
	if err := s.cfg.Notifier.Challenge(ctx, k.To.ID, k.ID, info); err != nil {
		s.log.Error("notifying a challenge", "seek", k.ID, "err", err)
	}
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

// clockBatch bounds the warnings one poll of the clocks sends.
const clockBatch = 100

// warnDue tells the players of correspondence games whose warning time
// has passed that they are about to time out (docs/clocks.md).
func (s *Server) warnDue() {
	ws, err := s.cfg.Store.DueWarnings(s.ctx, s.cfg.Clock.Now(), clockBatch)
	if err != nil {
		if s.ctx.Err() == nil {
			s.log.Warn("cannot read the clocks' warnings; retrying", "err", err)
		}
		return
	}
	for _, w := range ws {
		s.warn(w)
	}
}

// warn claims one warning and writes its notes in the claim's
// transaction, so that however many servers read it due, and however
// late, the player is told once. A warning whose notes cannot be built
// stays due and is tried again; one a move replaced is left to the new
// turn's.
func (s *Server) warn(w store.Warning) {
	ev, err := s.rooms.LowTimeOf(w)
	if err != nil {
		if s.ctx.Err() == nil && !errors.Is(err, ErrClosing) {
			s.log.Warn("cannot warn of a clock; retrying", "game", w.Game, "err", err)
		}
		return
	}
	if ev == nil {
		return // a move replaced the warning
	}
	n := s.cfg.Notifier
	var notes []store.Note
	if n != nil && ev.Player != "" {
		if notes, err = n.LowTimeNotes(s.ctx, ev.Player, w.Game, ev.Version, ev.Left, notifyInfo(ev.Info)); err != nil {
			s.log.Warn("cannot warn of a clock; retrying", "game", w.Game, "err", err)
			return
		}
	}
	claimed, err := s.cfg.Store.ClaimWarning(s.ctx, w, notes)
	if err != nil && s.ctx.Err() == nil {
		s.log.Warn("cannot claim a clock's warning; retrying", "game", w.Game, "err", err)
	}
	if claimed && len(notes) > 0 {
		n.Wake()
	}
}
