package api

import "github.com/plateau-games/plateau/game"

// MoveRequest is the body of POST /api/games/{id}/moves.
type MoveRequest struct {
	Move string `json:"move"`
	// Seen is the number of moves the client has seen; a pointer, because
	// a missing seen is refused rather than read as 0.
	Seen  *int   `json:"seen"`
	Token string `json:"token"`
}

// TokenRequest is the body of the actions that need only a seat's token:
// resign, hint and whoami.
type TokenRequest struct {
	Token string `json:"token"`
}

// DrawRequest is the body of POST /api/games/{id}/draw.
type DrawRequest struct {
	Token  string `json:"token"`
	Action string `json:"action"` // offer, accept or decline
}

// UndoRequest is the body of POST /api/games/{id}/undo: a take-back
// asked for, accepted or declined.
type UndoRequest struct {
	Token  string `json:"token"`
	Action string `json:"action,omitempty"` // request (the default), accept or decline
	// OtherToken is the opponent's token, sent by a client that holds
	// both seats (two people at one device): the take-back is made at
	// once, as against an AI.
	OtherToken string `json:"otherToken,omitempty"`
}

// Whoami is the answer to POST /api/games/{id}/whoami.
type Whoami struct {
	Player int `json:"player"`
}

// Error is the body of every error answer. The message is for people;
// programs read the status code or Code. A client shows Text in the
// reader's language when it is there, else its own words for Code, else
// the English message.
type Error struct {
	Error string `json:"error"`
	// Code is the short reason the metrics count (illegal, turn, stale,
	// not_found...): a key a client may translate.
	Code string `json:"code,omitempty"`
	// Text is the message in every language, when the server has it: an
	// illegal move's rule, from the game's game.Explainer.
	Text game.Text `json:"text,omitempty"`
}

// Explanation answers GET /api/games/{id}/explain: which rule refuses a
// move (or the squares clicked so far) in the game's current position,
// in every language; Text is null when the game has nothing more precise
// to say than that the move is not legal, or the move is legal.
type Explanation struct {
	Move string    `json:"move"`
	Text game.Text `json:"text"`
}
