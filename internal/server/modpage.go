package server

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/ratings"
	"github.com/plateau-games/plateau/internal/store"
)

// routesModPages adds the moderators' endpoints: each refuses anyone
// without the moderator or administrator role (403).
func (s *Server) routesModPages(m *http.ServeMux) {
	m.HandleFunc("GET /api/mod/queue", s.handleModQueue)
	m.HandleFunc("GET /api/mod/reports/{id}", s.handleModReport)
	m.HandleFunc("GET /api/mod/players/{ref}", s.handleModPlayer)
	m.HandleFunc("GET /api/mod/log", s.handleModLog)
	m.HandleFunc("POST /api/mod/actions", s.limit(limitRequest, s.handleModAction))
	m.HandleFunc("POST /api/mod/roles", s.limit(limitRequest, s.handleModRole))
}

// mod is the moderators' service, nil without a moderation store.
func (s *Server) mod() *moderation.Mod {
	ms := s.modStore()
	if ms == nil {
		return nil
	}
	return &moderation.Mod{Store: ms, Reports: ms, Clock: s.cfg.Clock}
}

// moderator returns the asking player if they are a moderator.
func (s *Server) moderator(r *http.Request) (string, error) {
	me, err := s.modPlayer(r)
	if err != nil {
		return "", err
	}
	if err := s.mod().Check(r.Context(), me); err != nil {
		return "", modRefusal(err)
	}
	return me, nil
}

// handleModQueue serves GET /api/mod/queue: the open reports by reason,
// oldest first.
func (s *Server) handleModQueue(w http.ResponseWriter, r *http.Request) {
	if _, err := s.moderator(r); err != nil {
		s.fail(w, r, err)
		return
	}
	list, err := s.modStore().OpenReports(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, s.reportsJSON(r.Context(), list, true))
}

func (s *Server) handleModReport(w http.ResponseWriter, r *http.Request) {
	if _, err := s.moderator(r); err != nil {
		s.fail(w, r, err)
		return
	}
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		s.fail(w, r, refuse(ErrNotFound, "no such report"))
		return
	}
	rep, err := s.modStore().LoadReport(r.Context(), id)
	if err != nil {
		s.fail(w, r, modRefusal(err))
		return
	}
	s.reply(w, http.StatusOK, s.reportJSON(r.Context(), rep, true))
}

// handleModPlayer serves GET /api/mod/players/{ref}: a player's games,
// the reports about them and by them, and the actions taken.
func (s *Server) handleModPlayer(w http.ResponseWriter, r *http.Request) {
	if _, err := s.moderator(r); err != nil {
		s.fail(w, r, err)
		return
	}
	ctx := r.Context()
	p, _, err := s.findPlayer(ctx, r.PathValue("ref"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.modHistory(ctx, p)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, out)
}

func (s *Server) modHistory(ctx context.Context, p api.PlayerRef) (api.ModHistory, error) {
	ms := s.modStore()
	out := api.ModHistory{ModPlayer: api.ModPlayer{Player: p, Games: []api.Summary{}, Actions: []api.ModAction{}}}
	games, err := s.cfg.Store.List(ctx, store.Filter{Limit: 50, Player: p.ID})
	if err != nil {
		return out, err
	}
	names := s.namesOf(ctx, games)
	for _, g := range games {
		out.Games = append(out.Games, s.summary(g, names))
	}
	on, err := ms.ReportsAbout(ctx, p.ID)
	if err != nil {
		return out, err
	}
	by, err := ms.ReportsBy(ctx, p.ID)
	if err != nil {
		return out, err
	}
	out.ReportsOn, out.ReportsBy = s.reportsJSON(ctx, on, true).Reports, s.reportsJSON(ctx, by, true).Reports
	log, err := ms.Entries(ctx, p.ID, 200)
	if err != nil {
		return out, err
	}
	out.Actions = s.entriesJSON(ctx, log)
	out.Engine = moderation.Marked(log)
	if until := moderation.ChatBannedUntil(log, s.cfg.Clock.Now()); !until.IsZero() {
		out.ChatBan = formatTime(until)
	}
	if out.Sharing, err = s.sharing(ctx, p.ID); err != nil {
		return out, err
	}
	role, err := ms.RoleOf(ctx, p.ID)
	out.Role = string(role)
	return out, err
}

// addresses is the accounts' addresses service, nil without a
// moderation store.
func (s *Server) addresses() *moderation.Addresses {
	ms := s.modStore()
	if ms == nil {
		return nil
	}
	return &moderation.Addresses{Store: ms, Clock: s.cfg.Clock}
}

// sharing lists the accounts that logged in from one of player's
// addresses.
func (s *Server) sharing(ctx context.Context, player string) ([]api.SharedAddress, error) {
	list, err := s.addresses().Sharing(ctx, player)
	out := []api.SharedAddress{}
	for _, sh := range list {
		out = append(out, api.SharedAddress{Player: s.refOf(ctx, sh.Player), LastSeen: formatTime(sh.LastSeen)})
	}
	return out, err
}

// seeAddress records, as a keyed hash, the address player logs in or
// signs up from (the client key the rate limits use: behind a trusted
// proxy, X-Forwarded-For's). A failure is logged: it never stops a
// login.
func (s *Server) seeAddress(r *http.Request, player string) {
	a := s.addresses()
	if a == nil {
		return
	}
	if err := a.Seen(r.Context(), player, s.limiter.client(r)); err != nil {
		s.log.Error("recording an address", "player", player, "err", err)
	}
}

func (s *Server) entriesJSON(ctx context.Context, log []moderation.Entry) []api.ModAction {
	out := []api.ModAction{}
	for _, e := range log {
		by := s.refOf(ctx, e.Moderator)
		a := api.ModAction{ID: e.ID, Moderator: &by, Player: e.Player, Action: string(e.Action), Reason: e.Reason, Report: e.Report, At: formatTime(e.At)}
		if !e.Until.IsZero() {
			a.Until = formatTime(e.Until)
		}
		out = append(out, a)
	}
	return out
}

// handleModLog serves GET /api/mod/log: the last actions of every
// moderator for an administrator, a moderator's own for a moderator.
func (s *Server) handleModLog(w http.ResponseWriter, r *http.Request) {
	me, err := s.moderator(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	all := s.mod().CheckAdmin(r.Context(), me) == nil
	var log []moderation.Entry
	if all {
		log, err = s.modStore().Entries(r.Context(), "", 200)
	} else {
		log, err = s.modStore().EntriesBy(r.Context(), me, 200)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, api.ModLog{Actions: s.entriesJSON(r.Context(), log), All: all})
}

// handleModAction serves POST /api/mod/actions: a moderator's action,
// logged with who and why, then applied.
func (s *Server) handleModAction(w http.ResponseWriter, r *http.Request) {
	me, err := s.moderator(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var req api.ModAction
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	e, name, err := s.modEntry(r.Context(), me, req)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if e, err = s.mod().Decide(r.Context(), e); err != nil {
		s.fail(w, r, adminRefusal(err, textAdminClose))
		return
	}
	if err := s.applyAction(r.Context(), e, name); err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, s.entriesJSON(r.Context(), []moderation.Entry{e})[0])
}

// modEntry checks a moderator's request and returns its log entry and,
// for a rename, the new name.
func (s *Server) modEntry(ctx context.Context, me string, req api.ModAction) (moderation.Entry, string, error) {
	target, err := s.namedPlayer(ctx, req.Player)
	if err != nil {
		return moderation.Entry{}, "", err
	}
	e := moderation.Entry{Moderator: me, Player: target, Action: moderation.Action(req.Action), Reason: req.Reason, Report: req.Report}
	switch e.Action {
	case moderation.ChatBan:
		e.Until = s.cfg.Clock.Now().Add(time.Duration(req.Minutes) * time.Minute)
	case moderation.Close:
		if p, err := s.cfg.Store.LoadPlayer(ctx, target); err != nil || p.Kind != store.PlayerAccount {
			return e, "", refuse(ErrMalformed, "only an account can be closed")
		}
	case moderation.Rename:
		name, err := players.DisplayName(req.Name)
		return e, name, err
	}
	return e, "", nil
}

// applyAction carries out what an action changes beyond the log.
func (s *Server) applyAction(ctx context.Context, e moderation.Entry, name string) error {
	switch e.Action {
	case moderation.Rename:
		return s.cfg.Store.RenamePlayer(ctx, e.Player, name, s.now())
	case moderation.Close:
		return s.cfg.Store.DeleteAccount(ctx, e.Player, players.AnonymousName(), s.now())
	case moderation.MarkEngine:
		fp, ok := s.cfg.Store.(store.FairPlay)
		if !ok {
			return nil
		}
		refunds, err := fp.MarkEngine(ctx, e.Player, e.Moderator, ratings.New().R, s.cfg.Clock.Now())
		s.log.Info("engine user marked", "player", e.Player, "refunds", len(refunds))
		return err
	}
	return nil
}
