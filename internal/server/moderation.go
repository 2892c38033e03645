package server

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/store"
)

// errNotAvailable is all a blocked player learns: the other player is
// "not available", the same whether they blocked or were blocked.
var errNotAvailable = refuse(ErrForbidden, "this player is not available")

// routesModeration adds blocks, reports, the moderators' pages and the
// personal data export (docs/moderation.md). They answer only on a
// store that implements store.Moderation (both SQL stores do).
func (s *Server) routesModeration(m *http.ServeMux) {
	m.HandleFunc("GET /api/blocks", s.handleBlocks)
	m.HandleFunc("POST /api/blocks", s.limit(limitRequest, s.handleBlock))
	m.HandleFunc("GET /api/reports", s.handleMyReports)
	m.HandleFunc("POST /api/reports", s.limit(limitRequest, s.handleReport))
	m.HandleFunc("GET /api/me/standing", s.handleStanding)
	m.HandleFunc("POST /api/me/standing/seen", s.limit(limitRequest, s.handleStandingSeen))
	s.routesModPages(m)
	s.routesPersonalData(m)
	s.routesFairPlay(m)
}

// modStore is the store's moderation part, or nil.
func (s *Server) modStore() store.Moderation {
	ms, _ := s.cfg.Store.(store.Moderation)
	return ms
}

// blocks is the players' blocks, nil without a moderation store.
func (s *Server) blocks() *moderation.Blocks {
	ms := s.modStore()
	if ms == nil {
		return nil
	}
	return &moderation.Blocks{Store: ms, Players: ms, Clock: s.cfg.Clock}
}

// blockedPair is the hook of the lobby and the chat: whether players a
// and b may not meet. A store error counts as blocked (logged): a
// block must hold even then.
func (s *Server) blockedPair(ctx context.Context, a, b string) bool {
	bl, err := s.blocks().Either(ctx, a, b)
	if err != nil {
		s.log.Error("reading blocks", "err", err)
		return true
	}
	return bl
}

// blockedWith returns the players who blocked player or whom player
// blocked; the lobby hides their seeks and presence.
func (s *Server) blockedWith(ctx context.Context, player string) map[string]bool {
	ms := s.modStore()
	if ms == nil || player == "" {
		return nil
	}
	ids, err := ms.BlockedWith(ctx, player)
	if err != nil {
		s.log.Error("reading blocks", "player", player, "err", err)
	}
	return ids
}

// lobbyGuard is the lobby's view of blocks and playbans (lobby.Guard).
type lobbyGuard struct{ s *Server }

// Apart implements lobby.Guard.
func (g lobbyGuard) Apart(ctx context.Context, a, b string) error {
	if g.s.blockedPair(ctx, a, b) {
		return errNotAvailable
	}
	return nil
}

// Hidden implements lobby.Guard.
func (g lobbyGuard) Hidden(ctx context.Context, player string) map[string]bool {
	return g.s.blockedWith(ctx, player)
}

// Playban implements lobby.Guard.
func (g lobbyGuard) Playban(ctx context.Context, player string, rated bool) error {
	return g.s.playbanRefusal(ctx, player, rated)
}

// modRefusal turns moderation's sentinels into the API's refusals.
func modRefusal(err error) error {
	for _, m := range []struct{ is, why error }{
		{moderation.ErrSelf, ErrMalformed}, {moderation.ErrBadReport, ErrMalformed}, {moderation.ErrBadAction, ErrMalformed},
		{moderation.ErrNoPlayer, ErrNotFound}, {moderation.ErrNotFound, ErrNotFound},
		{moderation.ErrTooMany, ErrRateLimited}, {moderation.ErrNotModerator, ErrForbidden},
		{moderation.ErrChatBanned, ErrForbidden}, {moderation.ErrNotAvailable, ErrForbidden},
	} {
		if errors.Is(err, m.is) {
			msg := strings.TrimPrefix(err.Error(), m.is.Error()+": ")
			return refuse(m.why, "%s", strings.TrimPrefix(msg, "moderation: "))
		}
	}
	return err
}

// modPlayer is the player asking, for the moderation endpoints.
func (s *Server) modPlayer(r *http.Request) (string, error) {
	if s.modStore() == nil {
		return "", refuse(ErrNotFound, "moderation is not available on this server")
	}
	c, err := s.playerOf(r)
	return c.player, err
}

func (s *Server) handleBlocks(w http.ResponseWriter, r *http.Request) {
	me, err := s.modPlayer(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.replyBlocks(w, r, me)
}

func (s *Server) replyBlocks(w http.ResponseWriter, r *http.Request, me string) {
	list, err := s.blocks().List(r.Context(), me)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := api.Blocks{Blocked: []api.BlockedPlayer{}}
	for _, b := range list {
		out.Blocked = append(out.Blocked, api.BlockedPlayer{Player: s.refOf(r.Context(), b.Blocked), At: formatTime(b.At)})
	}
	s.reply(w, http.StatusOK, out)
}

// handleBlock serves POST /api/blocks: block or unblock a player; the
// answer is the block list.
func (s *Server) handleBlock(w http.ResponseWriter, r *http.Request) {
	me, err := s.modPlayer(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var req api.BlockRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	other, err := s.namedPlayer(r.Context(), req.Player)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.blocks().Set(r.Context(), me, other, req.Blocked); err != nil {
		s.fail(w, r, modRefusal(err))
		return
	}
	s.lobby.Poke()
	s.replyBlocks(w, r, me)
}

// namedPlayer finds the player a request names by id, username or
// display name: "" names nobody (moderation.ErrNoPlayer).
func (s *Server) namedPlayer(ctx context.Context, ref string) (string, error) {
	ref = strings.TrimSpace(ref)
	if ref == "" || len(ref) > 200 {
		return "", modRefusal(moderation.ErrNoPlayer)
	}
	p, _, err := s.findPlayer(ctx, ref)
	if errors.Is(err, players.ErrNotFound) {
		return "", refuse(ErrNotFound, "no such player: %q", ref)
	}
	return p.ID, err
}
