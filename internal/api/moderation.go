package api

// BlockRequest is the body of POST /api/blocks: block (or, with
// blocked false, unblock) a player, named by id, username or name.
type BlockRequest struct {
	Player  string `json:"player"`
	Blocked bool   `json:"blocked"`
}

// Blocks is GET /api/blocks: the players the asking one blocked.
type Blocks struct {
	Blocked []BlockedPlayer `json:"blocked"`
}

// BlockedPlayer is one line of the block list.
type BlockedPlayer struct {
	Player PlayerRef `json:"player"`
	At     string    `json:"at"`
}

// ReportRequest is the body of POST /api/reports: a report about a
// player, from their page (no game), a game, or a chat line (game and
// lines, the chat line ids).
type ReportRequest struct {
	Player string  `json:"player"`
	Reason string  `json:"reason"`
	Note   string  `json:"note,omitempty"`
	Game   string  `json:"game,omitempty"`
	Lines  []int64 `json:"lines,omitempty"`
}

// Report is a report as its reporter, or a moderator, sees it. Evidence
// is shown to moderators only.
type Report struct {
	ID       int64           `json:"id"`
	Reporter *PlayerRef      `json:"reporter,omitempty"`
	Player   PlayerRef       `json:"player"`
	Reason   string          `json:"reason"`
	Note     string          `json:"note"`
	Game     string          `json:"game,omitempty"`
	Status   string          `json:"status"`
	Created  string          `json:"created"`
	Resolved string          `json:"resolved,omitempty"`
	Evidence *ReportEvidence `json:"evidence,omitempty"`
}

// ReportEvidence is what a report kept of its game and chat.
type ReportEvidence struct {
	Game  string       `json:"game,omitempty"`
	Kind  string       `json:"kind,omitempty"`
	Moves []string     `json:"moves,omitempty"`
	Lines []ReportLine `json:"lines,omitempty"`
}

// ReportLine is a chat line kept with a report.
type ReportLine struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Text string `json:"text"`
	At   string `json:"at"`
}

// Reports is a list of reports: GET /api/reports (mine), GET
// /api/mod/queue (the open ones, by reason then age).
type Reports struct {
	Reports []Report `json:"reports"`
}

// ModAction is a line of the audit log, and the body of POST
// /api/mod/actions (Player, Action, Reason, Report, Minutes, Name).
type ModAction struct {
	ID        int64      `json:"id,omitempty"`
	Moderator *PlayerRef `json:"moderator,omitempty"`
	Player    string     `json:"player"`
	Action    string     `json:"action"`
	Reason    string     `json:"reason"`
	Report    int64      `json:"report,omitempty"`
	// Minutes is a chat ban's length.
	Minutes int `json:"minutes,omitempty"`
	// Name is a rename's new name.
	Name  string `json:"name,omitempty"`
	Until string `json:"until,omitempty"`
	At    string `json:"at,omitempty"`
}

// ModPlayer is GET /api/mod/players/{ref}: a player's history for
// moderators.
type ModPlayer struct {
	Player    PlayerRef   `json:"player"`
	Role      string      `json:"role,omitempty"`
	Games     []Summary   `json:"games"`
	ReportsOn []Report    `json:"reports_on"`
	ReportsBy []Report    `json:"reports_by"`
	Actions   []ModAction `json:"actions"`
	Engine    bool        `json:"engine"`
	ChatBan   string      `json:"chat_ban,omitempty"`
}

// Standing is GET /api/me/standing: the asking player's warnings not yet
// read, and the sanctions in force.
type Standing struct {
	Warnings []ModAction `json:"warnings"`
	ChatBan  string      `json:"chat_ban,omitempty"`
	Engine   bool        `json:"engine"`
	// Playban is when the player may start a rated game again, after
	// games abandoned or left to time out.
	Playban string `json:"playban,omitempty"`
}

// EngineLocks is GET /api/fairplay/locks: the running games of the
// asking player on which the engine (analysis board, review, hints, the
// on-device engine) is refused, with their current positions.
type EngineLocks struct {
	Games []EngineLock `json:"games"`
}

// EngineLock is one locked game.
type EngineLock struct {
	ID       string `json:"id"`
	Game     string `json:"game"`
	Position string `json:"position"`
	Why      string `json:"why"` // rated, timed or tournament
}
