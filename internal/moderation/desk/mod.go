package desk

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/i18n"
	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/ratings"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/store"
)

// Available reports whether the store keeps the moderation tables.
func (d *Desk) Available() bool { return d.Store != nil }

// Check returns moderation.ErrNotModerator unless player is a
// moderator or an administrator.
func (d *Desk) Check(ctx context.Context, player string) error { return d.mod().Check(ctx, player) }

// CheckAdmin returns moderation.ErrNotAdmin unless player is an
// administrator.
func (d *Desk) CheckAdmin(ctx context.Context, player string) error {
	return d.mod().CheckAdmin(ctx, player)
}

// Queue is the open reports by reason, oldest first.
func (d *Desk) Queue(ctx context.Context, _ string, _ struct{}) (api.Reports, error) {
	list, err := d.Store.OpenReports(ctx)
	if err != nil {
		return api.Reports{}, err
	}
	return d.reportsJSON(ctx, list, true), nil
}

// ReportByID is report id (its decimal text) as moderators see it.
func (d *Desk) ReportByID(ctx context.Context, id string) (api.Report, error) {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return api.Report{}, fmt.Errorf("%w: no such report", moderation.ErrNotFound)
	}
	rep, err := d.Store.LoadReport(ctx, n)
	if err != nil {
		return api.Report{}, err
	}
	return d.reportJSON(ctx, rep, true), nil
}

// History is a player's page for moderators (ref names them as Find
// does): their games, the reports about them and by them, and the
// actions taken.
func (d *Desk) History(ctx context.Context, ref string) (api.ModHistory, error) {
	p, _, err := d.Find(ctx, ref)
	if err != nil {
		return api.ModHistory{}, err
	}
	out := api.ModHistory{ModPlayer: api.ModPlayer{Player: p, Games: []api.Summary{}, Actions: []api.ModAction{}}}
	games, err := d.Games.List(ctx, store.Filter{Limit: 50, Player: p.ID})
	if err != nil {
		return out, err
	}
	names := d.Names(ctx, games)
	for _, g := range games {
		out.Games = append(out.Games, d.Summary(g, names))
	}
	on, err := d.Store.ReportsAbout(ctx, p.ID)
	if err != nil {
		return out, err
	}
	by, err := d.Store.ReportsBy(ctx, p.ID)
	if err != nil {
		return out, err
	}
	out.ReportsOn, out.ReportsBy = d.reportsJSON(ctx, on, true).Reports, d.reportsJSON(ctx, by, true).Reports
	return d.standingOf(ctx, out)
}

// standingOf completes a player's page with the actions, sanctions,
// shared addresses and role.
func (d *Desk) standingOf(ctx context.Context, out api.ModHistory) (api.ModHistory, error) {
	p := out.Player
	log, err := d.Store.Entries(ctx, p.ID, 200)
	if err != nil {
		return out, err
	}
	out.Actions = d.entriesJSON(ctx, log)
	out.Engine = moderation.Marked(log)
	if until := moderation.ChatBannedUntil(log, d.Clock.Now()); !until.IsZero() {
		out.ChatBan = room.FormatTime(until)
	}
	if out.Sharing, err = d.sharing(ctx, p.ID); err != nil {
		return out, err
	}
	role, err := d.Store.RoleOf(ctx, p.ID)
	out.Role = string(role)
	return out, err
}

// sharing lists the accounts that logged in from one of player's
// addresses.
func (d *Desk) sharing(ctx context.Context, player string) ([]api.SharedAddress, error) {
	list, err := moderation.Addresses{Store: d.Store, Clock: d.Clock}.Sharing(ctx, player)
	out := []api.SharedAddress{}
	for _, sh := range list {
		out = append(out, api.SharedAddress{Player: d.Ref(ctx, sh.Player), LastSeen: room.FormatTime(sh.LastSeen)})
	}
	return out, err
}

func (d *Desk) entriesJSON(ctx context.Context, log []moderation.Entry) []api.ModAction {
	out := []api.ModAction{}
	for _, e := range log {
		by := d.Ref(ctx, e.Moderator)
		a := api.ModAction{ID: e.ID, Moderator: &by, Player: e.Player, Action: string(e.Action), Reason: e.Reason, Report: e.Report, At: room.FormatTime(e.At)}
		if !e.Until.IsZero() {
			a.Until = room.FormatTime(e.Until)
		}
		out = append(out, a)
	}
	return out
}

// AuditLog is the audit log: the last actions of every moderator for an
// administrator, a moderator's own for a moderator.
func (d *Desk) AuditLog(ctx context.Context, me string, _ struct{}) (api.ModLog, error) {
	all := d.CheckAdmin(ctx, me) == nil
	var log []moderation.Entry
	var err error
	if all {
		log, err = d.Store.Entries(ctx, "", 200)
	} else {
		log, err = d.Store.EntriesBy(ctx, me, 200)
	}
	if err != nil {
		return api.ModLog{}, err
	}
	return api.ModLog{Actions: d.entriesJSON(ctx, log), All: all}, nil
}

// Act is a moderator's action, logged with who and why, then applied.
func (d *Desk) Act(ctx context.Context, me string, req api.ModAction) (api.ModAction, error) {
	e, name, err := d.entry(ctx, me, req)
	if err != nil {
		return api.ModAction{}, err
	}
	if e, err = d.mod().Decide(ctx, e); err != nil {
		return api.ModAction{}, err
	}
	if err := d.apply(ctx, e, name); err != nil {
		return api.ModAction{}, err
	}
	return d.entriesJSON(ctx, []moderation.Entry{e})[0], nil
}

// entry checks a moderator's request and returns its log entry and,
// for a rename, the new name.
func (d *Desk) entry(ctx context.Context, me string, req api.ModAction) (moderation.Entry, string, error) {
	target, err := d.named(ctx, req.Player)
	if err != nil {
		return moderation.Entry{}, "", err
	}
	e := moderation.Entry{Moderator: me, Player: target, Action: moderation.Action(req.Action), Reason: req.Reason, Report: req.Report}
	switch e.Action {
	case moderation.ChatBan:
		e.Until = d.Clock.Now().Add(time.Duration(req.Minutes) * time.Minute)
	case moderation.Close:
		if p, err := d.Store.LoadPlayer(ctx, target); err != nil || p.Kind != store.PlayerAccount {
			return e, "", ErrNotAccount
		}
	case moderation.Rename:
		name, err := players.DisplayName(req.Name)
		return e, name, err
	}
	return e, "", nil
}

// apply carries out what an action changes beyond the log.
func (d *Desk) apply(ctx context.Context, e moderation.Entry, name string) error {
	switch e.Action {
	case moderation.Rename:
		return d.Store.RenamePlayer(ctx, e.Player, name, d.Now())
	case moderation.Close:
		return d.Store.DeleteAccount(ctx, e.Player, players.AnonymousName(), d.Now())
	case moderation.MarkEngine:
		if d.FairPlay == nil {
			return nil
		}
		refunds, err := d.FairPlay.MarkEngine(ctx, e.Player, e.Moderator, ratings.New().R, d.Clock.Now())
		d.Log.Info("engine user marked", "player", e.Player, "refunds", len(refunds))
		return err
	}
	return nil
}

// Grant gives the player req names a role, or takes it away ("none"),
// for administrator me; logged in the audit log.
func (d *Desk) Grant(ctx context.Context, me string, req api.RoleRequest) (api.RoleRequest, error) {
	target, err := d.named(ctx, req.Player)
	if err != nil {
		return api.RoleRequest{}, err
	}
	role := moderation.Role(req.Role)
	if req.Role == "none" {
		role = moderation.NoRole
	}
	if err := d.mod().Grant(ctx, me, target, role); err != nil {
		return api.RoleRequest{}, err
	}
	if role == moderation.NoRole {
		req.Role = "none"
	}
	return api.RoleRequest{Player: target, Role: req.Role}, nil
}

// What administrators alone may do, and the sentence a moderator is
// told when asking it (docs/moderation.md, "Administrators").
var (
	// TextAdminClose refuses a moderator the closing of an account.
	TextAdminClose = i18n.T("Only an administrator may close an account.")
	// TextAdminRoles refuses a moderator the giving of roles.
	TextAdminRoles = i18n.T("Only an administrator may give or take roles.")
	// TextOwnRole refuses anyone a change of their own role.
	TextOwnRole = i18n.T("You cannot change your own role.")
)
