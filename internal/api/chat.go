package api

// ChatRequest is the body of POST /api/games/{id}/chat: with a seat's
// token the line goes to the players' chat, without one to the
// spectators'.
type ChatRequest struct {
	Token string `json:"token,omitempty"`
	Text  string `json:"text"`
}

// ChatLine is one line of a game's chat, as the WebSocket and POST
// /api/games/{id}/chat send it. Clients show Text and Name as plain text.
type ChatLine struct {
	ID      int64  `json:"id"`               // grows with every line of the server's database: order lines by it
	Channel string `json:"channel"`          // players or spectators
	Seat    int    `json:"seat"`             // the sender's seat in the players' chat; -1 for a spectator
	Author  string `json:"author,omitempty"` // the sender's player id, when known
	Name    string `json:"name,omitempty"`   // the sender's name, when known
	Text    string `json:"text"`
	At      string `json:"at"`
}

// ChatMutes is GET /api/chat/mutes: what the player asking chose not to
// read, in every game.
type ChatMutes struct {
	Channels []string `json:"channels"` // players, spectators
	Authors  []string `json:"authors"`  // player ids
}

// MuteRequest is the body of POST /api/chat/mutes: mute (or, with muted
// false, unmute) a whole chat (kind "channel", target "players" or
// "spectators") or a person (kind "author", target their player id).
type MuteRequest struct {
	Kind   string `json:"kind"`
	Target string `json:"target"`
	Muted  bool   `json:"muted"`
}
