package api

import (
	"encoding/json"

	"github.com/plateau-games/plateau/game"
)

// View is the one document a client renders: GET /api/games/{id}, the
// answer to every action, and the WebSocket's messages.
type View struct {
	ID       string    `json:"id"`
	Game     string    `json:"game"` // canonical game id with options
	Title    string    `json:"title"`
	Players  [2]string `json:"players"` // colour names of player 0 and player 1
	Start    string    `json:"start"`   // position string the game started from
	Position string    `json:"position"`
	ToAct    int       `json:"toAct"`
	Result   string    `json:"result"` // ongoing, first, second or draw
	Reason   string    `json:"reason"`
	// ReasonText is Reason in every language; absent while the game lasts.
	ReasonText game.Text `json:"reasonText,omitempty"`
	Scores     [2]int    `json:"scores"`
	// Taken counts the pieces taken off the board so far, for games that
	// take pieces (game.TakenCounter): a client hears a capture when it grows.
	Taken      *int      `json:"taken,omitempty"`
	Moves      []string  `json:"moves"`           // every move played; len(Moves) is what MoveRequest.Seen counts
	Movers     []int     `json:"movers"`          // the player of each move: not always alternating
	Legal      []string  `json:"legal"`           // sorted; empty when the game is over
	Phase      *Phase    `json:"phase,omitempty"` // for games whose turns have phases
	Seats      []Seat    `json:"seats"`
	DrawOffer  *int      `json:"drawOffer"` // nil, or the player whose draw offer stands
	TakeBack   *int      `json:"takeBack"`  // nil, or the player whose take-back request stands
	Declined   *Declined `json:"declined,omitempty"`
	AIThinking bool      `json:"aiThinking"`
	// Private games are left out of the public lists: watched by link.
	Private bool `json:"private,omitempty"`
	// Hints counts the hints the players were given (POST
	// /api/games/{id}/hint); a game with hints is not a fair result.
	Hints int `json:"hints,omitempty"`
	// Clock is a timed game's clock; absent for an untimed game.
	Clock     *Clock `json:"clock,omitempty"`
	// Rated marks a game that counts for its players' ratings.
	Rated     bool   `json:"rated,omitempty"`
	Version   int64  `json:"version"` // grows with every change; ignore a view older than one shown
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

// Clock is a timed game's clock in a view. Remaining is what each player
// has at the moment the view is sent (a client ticks the running one
// down from when it receives the view); milliseconds throughout.
type Clock struct {
	Control string `json:"control"` // canonical time control, e.g. "5+3", "3d/14"
	Kind    string `json:"kind"`    // realtime or correspondence
	// Base is the real-time base, or a correspondence turn's time: a
	// clock under a tenth of it is shown in red.
	Base      int64    `json:"base"`
	Remaining [2]int64 `json:"remaining"`
	Running   *int     `json:"running"` // the player whose clock runs; null when none does
	// FirstMove says, per player, that their first turn is still to come:
	// it is not charged, and its time passing aborts the game.
	FirstMove [2]bool `json:"firstMove"`
}

// Phase is the position's game.Phase, for games that have phases: what
// the player to act is doing and what to ask them, in every language.
type Phase struct {
	Name   string    `json:"name"`
	About  game.Text `json:"about"`
	Prompt game.Text `json:"prompt"` // {0} stands for the player's colour name
	Hint   *Hint     `json:"hint,omitempty"`
}

// Hint is a button the phase offers besides the moves (Abraxas's Stop!):
// its label, and what to say when it is pressed.
type Hint struct {
	Label game.Text `json:"label"`
	Text  game.Text `json:"text"`
}

// Declined says that the change which made this view declined an offer:
// a draw offer or a take-back request. It is news for this version only;
// the next change leaves it out.
type Declined struct {
	Offer string `json:"offer"` // draw or takeback
	By    int    `json:"by"`    // the player who declined
}

// Seat is a seat as views and game lists show it: never its token.
type Seat struct {
	Kind      string `json:"kind"` // human or ai
	Level     int    `json:"level,omitempty"`
	Connected bool   `json:"connected"` // a WebSocket of this seat is open on this server process
	// Player is who sits in a human seat; absent while nobody does (an
	// invite not yet accepted, a game from before players).
	Player *PlayerRef `json:"player,omitempty"`
}

// WSMessage is one message the server sends on a game's WebSocket.
type WSMessage struct {
	Type string `json:"type"` // view or error
	// View is kept as encoded JSON: the server renders a view once and
	// sends the same bytes to every watcher. Decode it into a View.
	View  json.RawMessage `json:"view,omitempty"`
	Error string          `json:"error,omitempty"`
}

// WSHello is the one message a client may send on the WebSocket, to say
// which seat it is.
type WSHello struct {
	Token string `json:"token"`
}

// Positions is GET /api/games/{id}/positions: the position before every
// move and the current one, for replays.
type Positions struct {
	Positions []string `json:"positions"`
	Version   int64    `json:"version"`
}
