package server

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/chat"
	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/store"
)

// maxEvidenceLines bounds the chat lines a report keeps.
const maxEvidenceLines = 50

// reports is the reports' service, nil without a moderation store.
func (s *Server) reports() *moderation.Reports {
	ms := s.modStore()
	if ms == nil {
		return nil
	}
	return &moderation.Reports{Store: ms, Players: ms, Clock: s.cfg.Clock}
}

// handleReport serves POST /api/reports: a report with the evidence of
// its game and chat lines.
func (s *Server) handleReport(w http.ResponseWriter, r *http.Request) {
	me, err := s.modPlayer(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var req api.ReportRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	other, err := s.namedPlayer(r.Context(), req.Player)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	rep := moderation.Report{Reporter: me, Reported: other, Reason: moderation.Reason(req.Reason), Note: req.Note, GameID: req.Game}
	if req.Game != "" {
		if rep.Evidence, err = s.evidence(r.Context(), req, other); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	rep, err = s.reports().File(r.Context(), rep)
	if err != nil {
		s.fail(w, r, modRefusal(err))
		return
	}
	s.reply(w, http.StatusCreated, s.reportJSON(r.Context(), rep, false))
}

// evidence gathers what a report keeps: the game's moves as played and
// the lines named, with the reported player's last lines in it.
func (s *Server) evidence(ctx context.Context, req api.ReportRequest, reported string) (moderation.Evidence, error) {
	g, err := s.cfg.Store.Load(ctx, req.Game)
	if errors.Is(err, store.ErrNotFound) {
		return moderation.Evidence{}, errNoGame
	}
	if err != nil {
		return moderation.Evidence{}, err
	}
	e := moderation.Evidence{Game: g.ID, Kind: g.Game}
	for _, m := range g.Moves {
		e.Moves = append(e.Moves, m.Text)
	}
	lines, err := s.cfg.Store.ChatLines(ctx, g.ID, []string{chat.Players, chat.Spectators}, chatHistory)
	if err != nil {
		return e, err
	}
	want := map[int64]bool{}
	for _, id := range req.Lines {
		want[id] = true
	}
	for i := len(lines) - 1; i >= 0 && len(e.Lines) < maxEvidenceLines; i-- {
		l := lines[i]
		if want[l.ID] || l.Author == reported {
			delete(want, l.ID)
			e.Lines = append(e.Lines, moderation.Line{ID: l.ID, Name: l.Name, Text: l.Text, At: formatTime(l.At)})
		}
	}
	if len(want) > 0 {
		return e, refuse(ErrMalformed, "a chat line named is not in this game")
	}
	return e, nil
}

// reportJSON is a report as the API shows it; full adds the reporter
// and the evidence, for moderators.
func (s *Server) reportJSON(ctx context.Context, rep moderation.Report, full bool) api.Report {
	out := api.Report{ID: rep.ID, Player: s.refOf(ctx, rep.Reported), Reason: string(rep.Reason), Note: rep.Note, Game: rep.GameID,
		Status: rep.Status, Created: formatTime(rep.Created)}
	if !rep.Resolved.IsZero() {
		out.Resolved = formatTime(rep.Resolved)
	}
	if full {
		by := s.refOf(ctx, rep.Reporter)
		out.Reporter = &by
		ev := api.ReportEvidence{Game: rep.Evidence.Game, Kind: rep.Evidence.Kind, Moves: rep.Evidence.Moves}
		for _, l := range rep.Evidence.Lines {
			ev.Lines = append(ev.Lines, api.ReportLine(l))
		}
		out.Evidence = &ev
	}
	return out
}

// handleMyReports serves GET /api/reports: my reports and their status.
func (s *Server) handleMyReports(w http.ResponseWriter, r *http.Request) {
	me, err := s.modPlayer(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	list, err := s.modStore().ReportsBy(r.Context(), me)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, s.reportsJSON(r.Context(), list, false))
}

func (s *Server) reportsJSON(ctx context.Context, list []moderation.Report, full bool) api.Reports {
	out := api.Reports{Reports: []api.Report{}}
	for _, rep := range list {
		out.Reports = append(out.Reports, s.reportJSON(ctx, rep, full))
	}
	return out
}

// handleStanding serves GET /api/me/standing: my unread warnings and
// the sanctions in force.
func (s *Server) handleStanding(w http.ResponseWriter, r *http.Request) {
	me, err := s.modPlayer(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	log, err := s.modStore().Entries(r.Context(), me, 1000)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := api.Standing{Warnings: []api.ModAction{}, Engine: moderation.Marked(log)}
	for _, e := range moderation.Warnings(log) {
		out.Warnings = append(out.Warnings, api.ModAction{ID: e.ID, Player: e.Player, Action: string(e.Action), Reason: e.Reason, At: formatTime(e.At)})
	}
	if until := moderation.ChatBannedUntil(log, s.cfg.Clock.Now()); !until.IsZero() {
		out.ChatBan = formatTime(until)
	}
	until, err := s.playbanUntil(r.Context(), me)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !until.IsZero() {
		out.Playban = formatTime(until)
	}
	s.reply(w, http.StatusOK, out)
}

// handleStandingSeen serves POST /api/me/standing/seen: the warnings
// were read.
func (s *Server) handleStandingSeen(w http.ResponseWriter, r *http.Request) {
	me, err := s.modPlayer(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.modStore().MarkSeen(r.Context(), me, s.cfg.Clock.Now()); err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, struct{}{})
}

// chatRefusal is the chat's hook: why author may not post in a game
// whose seats hold seated, or nil. A chat ban refuses; so does a block
// between the author and a player of the game ("not available").
func (s *Server) chatRefusal(ctx context.Context, author string, seated [2]string) error {
	ms := s.modStore()
	if ms == nil || author == "" {
		return nil
	}
	for _, p := range seated {
		if p != author && s.blockedPair(ctx, author, p) {
			return errNotAvailable
		}
	}
	log, err := ms.Entries(ctx, author, 100)
	if err != nil {
		return err
	}
	if until := moderation.ChatBannedUntil(log, s.cfg.Clock.Now()); !until.IsZero() {
		return refuse(ErrForbidden, "you may not chat until %s", until.Format(time.RFC3339))
	}
	return nil
}
