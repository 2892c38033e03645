package server

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/moderation/desk"
	"github.com/plateau-games/plateau/internal/moderation/screening"
	"github.com/plateau-games/plateau/internal/players"
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

// engineAllowed answers GET /api/games/{id}/engine when the asking
// player may analyse the game now (403 otherwise).
type engineAllowed struct {
	Allowed bool `json:"allowed"`
}

// routesFairPlay adds the engine locks.
func (s *Server) routesFairPlay(m *http.ServeMux) {
	m.HandleFunc("GET /api/fairplay/locks", modRoute(s, func(r *http.Request) (string, error) {
		c, err := s.playerOf(r)
		return c.player, err
	}, http.StatusOK, modRefusal, s.desk.EngineLocks))
	m.HandleFunc("GET /api/games/{id}/engine", serveAs(s, func(r *http.Request) (string, error) {
		c, err := s.callerOf(r, "")
		return c.player, err
	}, http.StatusOK, func(r *http.Request, me string, _ struct{}) (engineAllowed, error) {
		return engineAllowed{true}, modRefusal(s.desk.EngineAllowed(r.Context(), r.PathValue("id"), me))
	}))
}

// adminRefusal is modRefusal, telling a moderator who asked for what
// only administrators may do the sentence text, in every language.
func adminRefusal(err error, text game.Text) error {
	if errors.Is(err, moderation.ErrNotAdmin) {
		return refuseExplained(ErrForbidden, err, text)
	}
	return modRefusal(err)
}

// roleRefusal is the refusal of a role given or taken: nobody changes
// their own, and only administrators change any.
func roleRefusal(err error) error {
	if errors.Is(err, moderation.ErrSelf) {
		return refuseExplained(ErrMalformed, err, desk.TextOwnRole)
	}
	return adminRefusal(err, desk.TextAdminRoles)
}

// administrator returns the asking player if they are an administrator;
// a moderator is told text.
func (s *Server) administrator(r *http.Request, text game.Text) (string, error) {
	me, err := s.modPlayer(r)
	if err != nil {
		return "", err
	}
	if err := s.desk.CheckAdmin(r.Context(), me); err != nil {
		return "", adminRefusal(err, text)
	}
	return me, nil
}

// routesModPages adds the moderators' endpoints: each refuses anyone
// without the moderator or administrator role (403).
func (s *Server) routesModPages(m *http.ServeMux) {
	d := s.desk
	m.HandleFunc("GET /api/mod/queue", modRoute(s, s.moderator, http.StatusOK, modRefusal, d.Queue))
	m.HandleFunc("GET /api/mod/reports/{id}", serveAs(s, s.moderator, http.StatusOK, func(r *http.Request, _ string, _ struct{}) (api.Report, error) {
		rep, err := d.ReportByID(r.Context(), r.PathValue("id"))
		return rep, modRefusal(err)
	}))
	m.HandleFunc("GET /api/mod/players/{ref}", serveAs(s, s.moderator, http.StatusOK, func(r *http.Request, _ string, _ struct{}) (api.ModHistory, error) {
		return d.History(r.Context(), r.PathValue("ref"))
	}))
	m.HandleFunc("GET /api/mod/log", modRoute(s, s.moderator, http.StatusOK, modRefusal, d.AuditLog))
	m.HandleFunc("POST /api/mod/actions", s.limit(limitRequest, modRoute(s, s.moderator, http.StatusOK, func(err error) error {
		return adminRefusal(err, desk.TextAdminClose)
	}, d.Act)))
	m.HandleFunc("POST /api/mod/roles", s.limit(limitRequest, modRoute(s, func(r *http.Request) (string, error) {
		return s.administrator(r, desk.TextAdminRoles)
	}, http.StatusOK, roleRefusal, d.Grant)))
}

// moderator returns the asking player if they are a moderator.
func (s *Server) moderator(r *http.Request) (string, error) {
	me, err := s.modPlayer(r)
	if err != nil {
		return "", err
	}
	if err := s.desk.Check(r.Context(), me); err != nil {
		return "", modRefusal(err)
	}
	return me, nil
}

// chatRefusal is the chat's hook: why author may not post in a game
// whose seats hold seated, or nil (desk.Desk.ChatRefusal: a chat ban, a
// block with a player of the game).
func (s *Server) chatRefusal(ctx context.Context, author string, seated [2]string) error {
	return modRefusal(s.desk.ChatRefusal(ctx, author, seated))
}

// seeAddress records, as a keyed hash, the address player logs in or
// signs up from (the client key the rate limits use: behind a trusted
// proxy, X-Forwarded-For's). A failure is logged: it never stops a
// login.
func (s *Server) seeAddress(r *http.Request, player string) {
	s.desk.SeeAddress(r.Context(), player, s.limiter.Client(r))
}

// runScreening runs the screening while the server lives, when the
// config names norms and the store keeps the screening's rows.
func (s *Server) runScreening() {
	st, _ := s.cfg.Store.(screening.JobStore) // nil: a store without the screening's rows
	s.cfg.Screening.Run(s.ctx, st, s.cfg.Registry, s.cfg.Clock, s.owner, s.log)
}

// routesPersonalData adds the personal data export.
func (s *Server) routesPersonalData(m *http.ServeMux) {
	m.HandleFunc("GET /api/account/data", s.limit(limitExport, s.handlePersonalData))
}

// handlePersonalData serves GET /api/account/data (players.Export) as a
// file to save.
func (s *Server) handlePersonalData(w http.ResponseWriter, r *http.Request) {
	pd, ok := s.cfg.Store.(store.PersonalData)
	if !ok {
		s.fail(w, r, refuse(ErrNotFound, "the data export is not available on this server"))
		return
	}
	c, err := s.playerOf(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	doc, err := players.Export(r.Context(), pd, c.player, s.cfg.Clock.Now())
	if err == nil {
		w.Header().Set("Content-Disposition", `attachment; filename="plateau-personal-data.json"`)
	}
	s.replyResult(w, r, doc, err)
}
