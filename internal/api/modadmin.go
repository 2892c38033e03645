// Kept out of the WebAssembly engine's build, as conditional.go is.

//go:build !js

package api

// ModHistory is a player's history as a moderator sees it (GET
// /api/mod/players/{id}): ModPlayer, and the other accounts that logged
// in from one of the player's addresses in the last 30 days.
type ModHistory struct {
	ModPlayer
	Sharing []SharedAddress `json:"sharing"`
}

// ModLog is GET /api/mod/log: the audit log, newest first. All tells
// whether it is every moderator's (for an administrator) or only the
// asking moderator's own actions.
type ModLog struct {
	Actions []ModAction `json:"actions"`
	All     bool        `json:"all"`
}

// RoleRequest is POST /api/mod/roles, and its answer: an
// administrator gives Player a role, "admin" or "moderator", or takes
// it away ("none").
type RoleRequest struct {
	Player string `json:"player"`
	Role   string `json:"role"`
}

// SharedAddress is an account that logged in from an address another
// player used too, and when it last did.
type SharedAddress struct {
	Player   PlayerRef `json:"player"`
	LastSeen string    `json:"last_seen"`
}
