package server

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/moderation/desk"
	"github.com/plateau-games/plateau/internal/store"
)

// routesModeration adds blocks, reports, the moderators' pages and the
// personal data export (docs/moderation.md). They answer only on a
// store that implements store.Moderation (both SQL stores do).
func (s *Server) routesModeration(m *http.ServeMux) {
	d := s.desk
	m.HandleFunc("GET /api/blocks", modRoute(s, s.modPlayer, http.StatusOK, modRefusal, d.Blocks))
	m.HandleFunc("POST /api/blocks", s.limit(limitRequest, modRoute(s, s.modPlayer, http.StatusOK, modRefusal, d.Block)))
	m.HandleFunc("GET /api/reports", modRoute(s, s.modPlayer, http.StatusOK, modRefusal, d.MyReports))
	m.HandleFunc("POST /api/reports", s.limit(limitRequest, modRoute(s, s.modPlayer, http.StatusCreated, modRefusal, d.Report)))
	m.HandleFunc("GET /api/me/standing", modRoute(s, s.modPlayer, http.StatusOK, modRefusal, d.Standing))
	m.HandleFunc("POST /api/me/standing/seen", s.limit(limitRequest, modRoute(s, s.modPlayer, http.StatusOK, modRefusal, d.Seen)))
	s.routesModPages(m)
	s.routesPersonalData(m)
	s.routesFairPlay(m)
}

// newDesk builds the moderation service over the slices of the store
// it implements (a store without the moderation tables has no Store).
func (s *Server) newDesk() *desk.Desk {
	d := &desk.Desk{Games: s.cfg.Store, Clock: s.cfg.Clock, Now: s.now, Log: s.log, Find: s.findPlayer, Ref: s.refOf,
		Names: s.namesOf, Summary: s.summary, With: s.withHub, Changed: func() { s.lobby.Poke() }, ChatLines: chatHistory}
	d.Store, _ = s.cfg.Store.(desk.Store)
	d.FairPlay, _ = s.cfg.Store.(store.FairPlay)
	d.Tournaments, _ = s.cfg.Store.(desk.TournamentGames)
	return d
}

// modRoute serves a moderation request with a desk method, its errors
// mapped by refusal.
func modRoute[In, Out any](s *Server, who func(*http.Request) (string, error), status int, refusal func(error) error,
	fn func(ctx context.Context, me string, in In) (Out, error)) http.HandlerFunc {
	return serveAs(s, who, status, func(r *http.Request, me string, in In) (Out, error) {
		out, err := fn(r.Context(), me, in)
		return out, refusal(err)
	})
}

// blockedWith is the chat's hook: the players blocked with player read
// as muted (desk.Desk.BlockedWith).
func (s *Server) blockedWith(ctx context.Context, player string) map[string]bool {
	return s.desk.BlockedWith(ctx, player)
}

// lobbyGuard is the lobby's view of blocks and playbans (lobby.Guard).
type lobbyGuard struct{ s *Server }

// Apart implements lobby.Guard.
func (g lobbyGuard) Apart(ctx context.Context, a, b string) error {
	return modRefusal(g.s.desk.Apart(ctx, a, b))
}

// Hidden implements lobby.Guard.
func (g lobbyGuard) Hidden(ctx context.Context, player string) map[string]bool {
	return g.s.desk.BlockedWith(ctx, player)
}

// Playban implements lobby.Guard.
func (g lobbyGuard) Playban(ctx context.Context, player string, rated bool) error {
	return modRefusal(g.s.desk.Playban(ctx, player, rated))
}

// modRefusal turns moderation's sentinels into the API's refusals,
// telling the client the sentence after the sentinel's own.
func modRefusal(err error) error {
	for _, m := range []struct{ is, why error }{
		{moderation.ErrSelf, ErrMalformed}, {moderation.ErrBadReport, ErrMalformed}, {moderation.ErrBadAction, ErrMalformed},
		{desk.ErrNotAccount, ErrMalformed}, {desk.ErrBadLine, ErrMalformed},
		{moderation.ErrNoPlayer, ErrNotFound}, {moderation.ErrNotFound, ErrNotFound},
		{moderation.ErrTooMany, ErrRateLimited}, {moderation.ErrNotModerator, ErrForbidden},
		{moderation.ErrChatBanned, ErrForbidden}, {moderation.ErrNotAvailable, ErrForbidden},
		{desk.ErrEngineLocked, ErrForbidden}, {desk.ErrPlaybanned, ErrForbidden},
	} {
		if errors.Is(err, m.is) {
			msg := strings.TrimPrefix(err.Error(), m.is.Error()+": ")
			msg = strings.TrimPrefix(strings.TrimPrefix(msg, "moderation: "), "desk: ")
			return refuse(m.why, "%s", msg)
		}
	}
	return err
}

// modPlayer is the player asking, for the moderation endpoints.
func (s *Server) modPlayer(r *http.Request) (string, error) {
	if !s.desk.Available() {
		return "", refuse(ErrNotFound, "moderation is not available on this server")
	}
	c, err := s.playerOf(r)
	return c.player, err
}
