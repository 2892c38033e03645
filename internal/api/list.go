package api

import "github.com/plateau-games/plateau/game"

// GameList is GET /api/games.
type GameList struct {
	Games []Summary `json:"games"`
}

// Summary is one game of a list: enough to show it and link to it.
type Summary struct {
	ID      string    `json:"id"`
	Game    string    `json:"game"`
	Title   string    `json:"title"`
	Players [2]string `json:"players"`
	Result  string    `json:"result"`
	Reason  string    `json:"reason"`
	// ReasonText is Reason in every language; absent while the game lasts.
	ReasonText game.Text `json:"reasonText,omitempty"`
	Plies      int       `json:"plies"`
	Hints      int       `json:"hints,omitempty"` // as in View
	Rated      bool      `json:"rated,omitempty"` // as in View
	Seats      []Seat    `json:"seats"`
	Private    bool      `json:"private,omitempty"` // left out of the public lists (in a player's own list only)
	CreatedAt  string    `json:"createdAt"`
	UpdatedAt  string    `json:"updatedAt"`
}
