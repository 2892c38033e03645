package api

// RatedPlayer is a player's rating in one pool, in whole points.
type RatedPlayer struct {
	Rank        int    `json:"rank,omitempty"` // place on a leaderboard, from 1
	Player      string `json:"player"`         // player id
	Name        string `json:"name,omitempty"` // display name: show it as text
	Group       string `json:"group"`          // the rating pool ("oxford:variant=beginner")
	Rating      int    `json:"rating"`
	RD          int    `json:"rd"` // rating deviation: the rating is good to about ±2 RD
	Games       int    `json:"games"`
	Provisional bool   `json:"provisional"` // RD above 110: shown with a "?"
}

// Leaderboard is GET /api/leaderboard/{group}: the pool's best players,
// highest rating first.
type Leaderboard struct {
	Group   string        `json:"group"`
	Title   string        `json:"title"` // the game's title
	Players []RatedPlayer `json:"players"`
}

// PlayerRatings is GET /api/ratings/{player}: a player's ratings in
// every pool they played rated games in, most games first.
type PlayerRatings struct {
	Player  string       `json:"player"`
	Ratings []PoolRating `json:"ratings"`
}

// PoolRating is a player's rating in one pool and its history.
type PoolRating struct {
	RatedPlayer
	History []RatingPoint `json:"history"` // oldest first
}

// RatingPoint is a player's rating after one rated game.
type RatingPoint struct {
	Game   string `json:"game"` // game id
	Rating int    `json:"rating"`
	RD     int    `json:"rd"`
	At     string `json:"at"`
}
