package server

import (
	"context"
	"net/http"

	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/notify"
	"github.com/plateau-games/plateau/internal/store"
)

// routesNotify serves the notification settings of the request's player
// (docs/api.md, "Notifications").
func (s *Server) routesNotify(m *http.ServeMux) {
	m.HandleFunc("GET /api/notify/settings", s.handleNotifyGet)
	m.HandleFunc("POST /api/notify/settings", s.limit(limitRequest, notifyChange(s, (*notify.Notifier).SetSettings, s.handleNotifyGet)))
	m.HandleFunc("POST /api/notify/subscribe", s.limit(limitRequest, notifyChange(s, func(n *notify.Notifier, ctx context.Context, player string, req pushSubscription) error {
		return n.Subscribe(ctx, player, req.Subscription)
	}, nil)))
	m.HandleFunc("POST /api/notify/unsubscribe", s.limit(limitRequest, notifyChange(s, func(n *notify.Notifier, ctx context.Context, player string, req struct {
		Endpoint string `json:"endpoint"`
	}) error {
		return n.Unsubscribe(ctx, player, req.Endpoint)
	}, nil)))
}

// pushSubscription is a browser's PushSubscription.toJSON(), which may
// carry expirationTime: taken, unused.
type pushSubscription struct {
	notify.Subscription
	ExpirationTime *float64 `json:"expirationTime"`
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

// notifyCall runs a settings request for the request's player (its
// session, or its API key): the body decoded into req (unless nil), then
// do; false when it failed (and was answered).
func (s *Server) notifyCall(w http.ResponseWriter, r *http.Request, req any, do func(*notify.Notifier, string) error) bool {
	err := errNotifyOff
	if s.cfg.Notifier != nil {
		var c caller
		if c, err = s.playerOf(r); err == nil && req != nil {
			err = decode(w, r, req)
		}
		if err == nil {
			err = do(s.cfg.Notifier, c.player)
		}
	}
	if err != nil {
		s.fail(w, r, err)
	}
	return err == nil
}

func (s *Server) handleNotifyGet(w http.ResponseWriter, r *http.Request) {
	var out notify.Settings
	if s.notifyCall(w, r, nil, func(n *notify.Notifier, player string) (err error) {
		out, err = n.Settings(r.Context(), player)
		return err
	}) {
		w.Header().Set("Cache-Control", "no-store")
		s.reply(w, http.StatusOK, out)
	}
}

// notifyChange serves a change of the request player's notifications:
// the body decoded into a Req, the change, then next (nil: 204 No
// Content).
func notifyChange[Req any](s *Server, change func(*notify.Notifier, context.Context, string, Req) error, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req Req
		if !s.notifyCall(w, r, &req, func(n *notify.Notifier, player string) error { return change(n, r.Context(), player, req) }) {
			return
		}
		if next == nil {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		next(w, r)
	}
}

// warnDue sends the clocks' warnings due now (notify.Warner), reading
// each game afresh in its room.
func (s *Server) warnDue() {
	wr := &notify.Warner{Store: s.cfg.Store, Notifier: s.cfg.Notifier, Clock: s.cfg.Clock, Log: s.log, Closing: ErrClosing,
		Read: func(w store.Warning) (*notify.Warning, error) {
			ev, err := s.rooms.LowTimeOf(w)
			if ev == nil || err != nil {
				return nil, err
			}
			return &notify.Warning{Player: ev.Player, Version: ev.Version, Left: ev.Left, Info: notifyInfo(ev.Info)}, nil
		}}
	wr.WarnDue(s.ctx)
}
