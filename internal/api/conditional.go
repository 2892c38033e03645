// The shapes of the HTTP API that the WebAssembly engine never uses are
// kept out of its build (js), so that adding one does not make the
// committed engine stale (web/engine.inputs hashes what that build reads).

//go:build !js

package api

// Conditional is a seat's conditional moves in a correspondence game
// (GET, PUT and DELETE /api/games/{id}/conditional): lines of moves from
// the position after Ply moves, each the opponent's move first, then the
// seat's reply, then more pairs. Only the seat's own player sees them.
type Conditional struct {
	Ply   int        `json:"ply"`
	Lines [][]string `json:"lines"`
}

// ConditionalRequest is the body of PUT /api/games/{id}/conditional: the
// lines replace the seat's plan (none deletes it). Token is the seat's
// token for a caller without a session (or the Authorization header).
type ConditionalRequest struct {
	Token string     `json:"token,omitempty"`
	Lines [][]string `json:"lines"`
}
