package moderation

import (
	"errors"
	"time"
)

// The reasons moderation refuses a request, checked with errors.Is.
var (
	// ErrSelf: a player blocks or reports themselves.
	ErrSelf = errors.New("moderation: oneself")
	// ErrNoPlayer: the request names nobody.
	ErrNoPlayer = errors.New("moderation: no such player")
	// ErrNotAvailable: the other player blocked, or was blocked by, the
	// asking one. The sentence never says which.
	ErrNotAvailable = errors.New("moderation: this player is not available")
	// ErrBadReport: a report with no or an unknown reason, or a note
	// too long.
	ErrBadReport = errors.New("moderation: bad report")
	// ErrTooMany: a player sent more reports than MaxReportsPerDay, or
	// blocked more than MaxBlocks players.
	ErrTooMany = errors.New("moderation: too many")
	// ErrNotModerator: a moderation request from a player without the
	// role.
	ErrNotModerator = errors.New("moderation: moderators only")
	// ErrNotAdmin: an action only administrators may take (AdminOnly),
	// asked by a moderator.
	ErrNotAdmin = errors.New("moderation: administrators only")
	// ErrBadAction: an unknown moderator action, or one without a reason.
	ErrBadAction = errors.New("moderation: bad action")
	// ErrNotFound: no such report.
	ErrNotFound = errors.New("moderation: not found")
	// ErrChatBanned: the player is banned from chatting for now.
	ErrChatBanned = errors.New("moderation: you may not chat for now")
)

// Limits of what one player may do.
const (
	// MaxBlocks bounds a player's block list.
	MaxBlocks = 500
	// MaxReportsPerDay bounds the reports one player makes in 24 hours.
	MaxReportsPerDay = 10
	// MaxNote bounds a report's note and an action's reason, in bytes.
	MaxNote = 1000
)

// Clock tells the time; tests inject their own.
type Clock interface{ Now() time.Time }

// SystemClock is the real time.
type SystemClock struct{}

// Now implements Clock.
func (SystemClock) Now() time.Time { return time.Now() }
