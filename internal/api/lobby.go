package api

// SeekRequest is the body of POST /api/lobby/seeks: a seek in the lobby,
// or with To a challenge to the player of that name.
type SeekRequest struct {
	Game        string `json:"game"`                  // game id with options
	TimeControl string `json:"timeControl,omitempty"` // "" is untimed
	Rated       bool   `json:"rated,omitempty"`
	Colour      string `json:"colour,omitempty"` // first, second or random (default)
	Kind        string `json:"kind,omitempty"`   // realtime (default) or correspondence
	To          string `json:"to,omitempty"`     // a player's name: a challenge
}

// Seek is an open seek or challenge as the lobby lists it.
type Seek struct {
	ID          string     `json:"id"`
	Game        string     `json:"game"`
	Title       string     `json:"title"`
	TimeControl string     `json:"timeControl"`
	Rated       bool       `json:"rated"`
	Colour      string     `json:"colour"`
	Kind        string     `json:"kind"`
	Owner       PlayerRef  `json:"owner"`
	To          *PlayerRef `json:"to,omitempty"`
	Quick       bool       `json:"quick,omitempty"`
	Rating      int        `json:"rating,omitempty"`
	Created     string     `json:"created"`
	Expires     string     `json:"expires,omitempty"`
	Mine        bool       `json:"mine"`
}

// Lobby is GET /api/lobby and the WebSocket's "lobby" message, as one
// player sees it.
type Lobby struct {
	Me         PlayerRef   `json:"me"`
	Seeks      []Seek      `json:"seeks"`      // open seeks, challenges apart
	Challenges []Seek      `json:"challenges"` // challenges to me
	Sent       []Seek      `json:"sent"`       // my challenges to others
	Online     []PlayerRef `json:"online"`
	// QuickPlayWait is the milliseconds quick play waits for a person
	// before it offers the AI.
	QuickPlayWait int64 `json:"quickPlayWait"`
}

// Started is a game a seek, challenge, quick play or rematch started,
// and the player's seat in it. The seat is the player's (their session
// acts for it); Token is set only for a rematch of a game whose seat was
// a token's (a program's), given once.
type Started struct {
	Game   string `json:"game"`
	Player int    `json:"player"`
	Token  string `json:"token,omitempty"`
}

// QuickPlayRequest is the body of POST /api/lobby/play.
type QuickPlayRequest struct {
	Game string `json:"game"`
}

// QuickPlay answers POST /api/lobby/play: a game started with a waiting
// seek, or the seek posted to wait for one.
type QuickPlay struct {
	Started *Started `json:"started,omitempty"`
	Seek    *Seek    `json:"seek,omitempty"`
}

// AIOffer is quick play's offer after waiting: a game against the AI at
// Level, the one nearest the player's rating.
type AIOffer struct {
	Seek  string `json:"seek"`
	Game  string `json:"game"`
	Level int    `json:"level"`
}

// LobbyMessage is a message of the lobby's WebSocket: "lobby" (the
// lobby changed), "start" (a game of yours started: go to it) or
// "ai-offer" (quick play waited long enough).
type LobbyMessage struct {
	Type    string   `json:"type"`
	Lobby   *Lobby   `json:"lobby,omitempty"`
	Start   *Started `json:"start,omitempty"`
	AIOffer *AIOffer `json:"aiOffer,omitempty"`
}

// Rematch answers GET and POST /api/games/{id}/rematch for one seat.
type Rematch struct {
	// State is none, offered (by By) or started.
	State string `json:"state"`
	By    int    `json:"by"`
	// Started is the caller's seat in the new game, when it started and
	// the caller may still be told (the accepter in its answer, the
	// offerer until the rematch is forgotten).
	Started *Started `json:"started,omitempty"`
}

// Watchers answers GET /api/games/{id}/watchers: the spectators (not
// the players) watching the game on every server.
type Watchers struct {
	Watchers int `json:"watchers"`
}
