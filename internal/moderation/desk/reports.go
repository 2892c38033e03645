package desk

import (
	"context"
	"errors"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/chat"
	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/store"
)

// maxEvidenceLines bounds the chat lines a report keeps.
const maxEvidenceLines = 50

// Report files me's report with the evidence of its game and chat
// lines.
func (d *Desk) Report(ctx context.Context, me string, req api.ReportRequest) (api.Report, error) {
	other, err := d.named(ctx, req.Player)
	if err != nil {
		return api.Report{}, err
	}
	rep := moderation.Report{Reporter: me, Reported: other, Reason: moderation.Reason(req.Reason), Note: req.Note, GameID: req.Game}
	if req.Game != "" {
		if rep.Evidence, err = d.evidence(ctx, req, other); err != nil {
			return api.Report{}, err
		}
	}
	reports := moderation.Reports{Store: d.Store, Players: d.Store, Clock: d.Clock}
	if rep, err = reports.File(ctx, rep); err != nil {
		return api.Report{}, err
	}
	return d.reportJSON(ctx, rep, false), nil
}

// evidence gathers what a report keeps: the game's moves as played and
// the lines named, with the reported player's last lines in it.
func (d *Desk) evidence(ctx context.Context, req api.ReportRequest, reported string) (moderation.Evidence, error) {
	g, err := d.Store.Load(ctx, req.Game)
	if errors.Is(err, store.ErrNotFound) {
		return moderation.Evidence{}, room.ErrNoSuchGame
	}
	if err != nil {
		return moderation.Evidence{}, err
	}
	e := moderation.Evidence{Game: g.ID, Kind: g.Game}
	for _, m := range g.Moves {
		e.Moves = append(e.Moves, m.Text)
	}
	lines, err := d.Store.ChatLines(ctx, g.ID, []string{chat.Players, chat.Spectators}, d.ChatLines)
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
			e.Lines = append(e.Lines, moderation.Line{ID: l.ID, Name: l.Name, Text: l.Text, At: room.FormatTime(l.At)})
		}
	}
	if len(want) > 0 {
		return e, ErrBadLine
	}
	return e, nil
}

// reportJSON is a report as the API shows it; full adds the reporter
// and the evidence, for moderators.
func (d *Desk) reportJSON(ctx context.Context, rep moderation.Report, full bool) api.Report {
	out := api.Report{ID: rep.ID, Player: d.Ref(ctx, rep.Reported), Reason: string(rep.Reason), Note: rep.Note, Game: rep.GameID,
		Status: rep.Status, Created: room.FormatTime(rep.Created)}
	if !rep.Resolved.IsZero() {
		out.Resolved = room.FormatTime(rep.Resolved)
	}
	if full {
		by := d.Ref(ctx, rep.Reporter)
		out.Reporter = &by
		ev := api.ReportEvidence{Game: rep.Evidence.Game, Kind: rep.Evidence.Kind, Moves: rep.Evidence.Moves}
		for _, l := range rep.Evidence.Lines {
			ev.Lines = append(ev.Lines, api.ReportLine(l))
		}
		out.Evidence = &ev
	}
	return out
}

func (d *Desk) reportsJSON(ctx context.Context, list []moderation.Report, full bool) api.Reports {
	out := api.Reports{Reports: []api.Report{}}
	for _, rep := range list {
		out.Reports = append(out.Reports, d.reportJSON(ctx, rep, full))
	}
	return out
}

// MyReports lists me's reports and their status.
func (d *Desk) MyReports(ctx context.Context, me string, _ struct{}) (api.Reports, error) {
	list, err := d.Store.ReportsBy(ctx, me)
	if err != nil {
		return api.Reports{}, err
	}
	return d.reportsJSON(ctx, list, false), nil
}

// Standing is me's unread warnings and the sanctions in force.
func (d *Desk) Standing(ctx context.Context, me string, _ struct{}) (api.Standing, error) {
	log, err := d.Store.Entries(ctx, me, 1000)
	if err != nil {
		return api.Standing{}, err
	}
	out := api.Standing{Warnings: []api.ModAction{}, Engine: moderation.Marked(log)}
	for _, e := range moderation.Warnings(log) {
		out.Warnings = append(out.Warnings, api.ModAction{ID: e.ID, Player: e.Player, Action: string(e.Action), Reason: e.Reason, At: room.FormatTime(e.At)})
	}
	if until := moderation.ChatBannedUntil(log, d.Clock.Now()); !until.IsZero() {
		out.ChatBan = room.FormatTime(until)
	}
	until, err := d.PlaybanUntil(ctx, me)
	if err != nil {
		return api.Standing{}, err
	}
	if !until.IsZero() {
		out.Playban = room.FormatTime(until)
	}
	return out, nil
}

// Seen marks me's warnings read.
func (d *Desk) Seen(ctx context.Context, me string, _ struct{}) (struct{}, error) {
	return struct{}{}, d.Store.MarkSeen(ctx, me, d.Clock.Now())
}
