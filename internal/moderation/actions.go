package moderation

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Role is what a player may do beyond playing.
type Role string

// The roles.
const (
	Admin     Role = "admin"
	Moderator Role = "moderator"
	NoRole    Role = ""
)

// Action is a moderator's decision about a player.
type Action string

// The moderators' actions.
const (
	Dismiss    Action = "dismiss"     // the report was unfounded
	Warn       Action = "warn"        // a warning the player is shown
	ChatBan    Action = "chat_ban"    // no chat until a time
	MarkEngine Action = "mark_engine" // engine user: off leaderboards
	Rename     Action = "rename"      // an offensive name replaced
	Close      Action = "close"       // the account closed
	GrantRole  Action = "grant_role"  // from plateau admin
)

// Entry is one line of the audit log.
type Entry struct {
	ID        int64
	Moderator string
	Player    string
	Action    Action
	Reason    string
	Report    int64
	Until     time.Time
	SeenAt    time.Time
	At        time.Time
}

// ModStore keeps the roles and the audit log.
type ModStore interface {
	// RoleOf returns a player's role (NoRole without one).
	RoleOf(ctx context.Context, player string) (Role, error)
	// SetRole gives a role (NoRole takes it away), logged as by's.
	SetRole(ctx context.Context, player string, role Role, by string, at time.Time) error
	// AddEntry appends to the audit log and returns the entry's id.
	AddEntry(ctx context.Context, e Entry) (int64, error)
	// Entries returns the audit log about a player ("" for everyone's),
	// newest first, at most limit.
	Entries(ctx context.Context, player string, limit int) ([]Entry, error)
	// MarkSeen notes that a player read their warnings.
	MarkSeen(ctx context.Context, player string, at time.Time) error
}

// Mod checks the moderators' rights and logs their actions.
type Mod struct {
	Store   ModStore
	Reports ReportStore
	Clock   Clock
}

// Check returns ErrNotModerator unless player is a moderator or an
// administrator.
func (m *Mod) Check(ctx context.Context, player string) error {
	if player == "" {
		return fmt.Errorf("%w: log in as a moderator", ErrNotModerator)
	}
	r, err := m.Store.RoleOf(ctx, player)
	if err != nil {
		return err
	}
	if r != Admin && r != Moderator {
		return fmt.Errorf("%w: this page is for moderators", ErrNotModerator)
	}
	return nil
}

// AdminOnly reports whether only administrators may take action a:
// closing an account and giving or taking roles. Moderators take every
// other action; reading every moderator's audit log is also the
// administrators' (CheckAdmin).
func AdminOnly(a Action) bool { return a == Close || a == GrantRole }

// CheckAdmin returns ErrNotAdmin unless player is an administrator
// (ErrNotModerator for a player with no role at all).
func (m *Mod) CheckAdmin(ctx context.Context, player string) error {
	if err := m.Check(ctx, player); err != nil {
		return err
	}
	r, err := m.Store.RoleOf(ctx, player)
	if err != nil {
		return err
	}
	if r != Admin {
		return fmt.Errorf("%w: only an administrator may do this", ErrNotAdmin)
	}
	return nil
}

// Grant gives player role (NoRole takes it away), by an administrator,
// logged as by's. An administrator cannot change their own role: the
// last one could otherwise leave the site without any.
func (m *Mod) Grant(ctx context.Context, by, player string, role Role) error {
	if err := m.CheckAdmin(ctx, by); err != nil {
		return err
	}
	switch {
	case player == "":
		return fmt.Errorf("%w: name the player", ErrNoPlayer)
	case player == by:
		return fmt.Errorf("%w: you cannot change your own role", ErrSelf)
	case role != Admin && role != Moderator && role != NoRole:
		return fmt.Errorf("%w: the role is admin, moderator or none", ErrBadAction)
	}
	return m.Store.SetRole(ctx, player, role, by, m.Clock.Now())
}

// Decide checks and logs a moderator's action; the caller applies its
// effect (a rename, a closing) after. A report named is resolved by it,
// dismissed or actioned; resolving one already resolved is refused, so
// that two moderators cannot both act on it.
func (m *Mod) Decide(ctx context.Context, e Entry) (Entry, error) {
	if err := m.Check(ctx, e.Moderator); err != nil {
		return e, err
	}
	if AdminOnly(e.Action) {
		if err := m.CheckAdmin(ctx, e.Moderator); err != nil {
			return e, err
		}
	}
	e.Reason = strings.TrimSpace(e.Reason)
	switch {
	case e.Reason == "" || len(e.Reason) > MaxNote:
		return e, fmt.Errorf("%w: say why, in at most %d characters", ErrBadAction, MaxNote)
	case !validAction(e.Action):
		return e, fmt.Errorf("%w: unknown action %q", ErrBadAction, e.Action)
	case e.Action == ChatBan && !e.Until.After(m.Clock.Now()):
		return e, fmt.Errorf("%w: a chat ban needs an end in the future", ErrBadAction)
	case e.Player == "":
		return e, fmt.Errorf("%w: name the player", ErrNoPlayer)
	}
	e.At = m.Clock.Now()
	if e.Report != 0 {
		status := Actioned
		if e.Action == Dismiss {
			status = Dismissed
		}
		ok, err := m.Reports.ResolveReport(ctx, e.Report, status, e.Moderator, e.At)
		if err != nil {
			return e, err
		}
		if !ok {
			return e, fmt.Errorf("%w: report %d is not open", ErrNotFound, e.Report)
		}
	}
	id, err := m.Store.AddEntry(ctx, e)
	e.ID = id
	return e, err
}

func validAction(a Action) bool {
	switch a {
	case Dismiss, Warn, ChatBan, MarkEngine, Rename, Close:
		return true
	}
	return false
}

// ChatBannedUntil returns the end of a player's chat ban in force, or
// the zero time.
func ChatBannedUntil(log []Entry, now time.Time) time.Time {
	var until time.Time
	for _, e := range log {
		if e.Action == ChatBan && e.Until.After(now) && e.Until.After(until) {
			until = e.Until
		}
	}
	return until
}

// Warnings returns the warnings in a player's log that they have not
// read yet.
func Warnings(log []Entry) []Entry {
	var out []Entry
	for _, e := range log {
		if e.Action == Warn && e.SeenAt.IsZero() {
			out = append(out, e)
		}
	}
	return out
}

// Marked reports whether the log marks the player as an engine user.
func Marked(log []Entry) bool {
	for _, e := range log {
		if e.Action == MarkEngine {
			return true
		}
	}
	return false
}
