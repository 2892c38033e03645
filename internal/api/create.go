package api

import "encoding/json"

// CreateRequest is the body of POST /api/games.
type CreateRequest struct {
	Game     string        `json:"game"`               // game id with options, e.g. "abraxas:board=2"
	Position string        `json:"position,omitempty"` // start from this position string
	Seats    []SeatRequest `json:"seats"`              // exactly two
	Local    bool          `json:"local,omitempty"`    // both humans at one screen: every token, no invite
	Me       *int          `json:"me,omitempty"`       // the creator's seat when not local
	// Private games are left out of the public lists: watched by link.
	Private bool `json:"private,omitempty"`
	// TimeControl is the game's clock as clock.Parse reads it: "" or
	// "untimed", "5+3" (real time), "3d/14" (correspondence).
	TimeControl string `json:"timeControl,omitempty"`
	// Rated asks for a game that counts for both players' ratings:
	// only between two human seats, not local (docs/ratings.md).
	Rated bool `json:"rated,omitempty"`
}

// SeatRequest is one seat of a new game.
type SeatRequest struct {
	Kind  string `json:"kind"`            // human or ai
	Level int    `json:"level,omitempty"` // ai only; 0 means the default
}

// CreateResponse is the answer to POST /api/games.
type CreateResponse struct {
	ID     string        `json:"id"`
	Game   string        `json:"game"`
	Seats  []CreatedSeat `json:"seats"`
	Invite string        `json:"invite,omitempty"` // a relative URL with the other human seat's token
	// InviteURL is Invite made absolute on the public URL, when the
	// server knows it (--public-url): the page's own address may be a
	// private one.
	InviteURL string `json:"inviteURL,omitempty"`
	// View is kept as encoded JSON, the same bytes GET and the WebSocket
	// send. Decode it into a View.
	View json.RawMessage `json:"view"`
}

// CreatedSeat is a seat of a new game, with its token when the creator
// may have it: tokens are given once, here.
type CreatedSeat struct {
	Player int    `json:"player"`
	Kind   string `json:"kind"`
	Level  int    `json:"level,omitempty"`
	Token  string `json:"token,omitempty"`
}
