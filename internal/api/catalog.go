package api

import "github.com/plateau-games/plateau/game"

// Catalog is GET /api/catalog: everything a front end shows about the
// games a server offers, so that it never needs to know one by name.
type Catalog struct {
	Games  []CatalogGame `json:"games"`
	Levels Levels        `json:"levels"`
	AI     string        `json:"ai"` // what plays the AI seats
}

// Levels is the AI's level range and the level a new game defaults to,
// one for every front end.
type Levels struct {
	Min     int `json:"min"`
	Max     int `json:"max"`
	Default int `json:"default"`
}

// CatalogGame is one game of the catalog.
type CatalogGame struct {
	Name       string       `json:"name"`
	Title      string       `json:"title"`
	Players    [2]string    `json:"players"`
	Colours    [2]game.Text `json:"colours"`
	Summary    game.Text    `json:"summary"`
	FixedBoard bool         `json:"fixedBoard"` // the board never turns for the second player
	// Start is the start position of the game without options; Starts
	// has it for every combination of options, by canonical id.
	Start  string            `json:"start"`
	Starts map[string]string `json:"starts"`
	// Board is the web client's module that draws this game, when the
	// served client has one; without it the client's generic board
	// draws the game from its position string.
	Board   string   `json:"board,omitempty"`
	Options []Option `json:"options"`
	// LevelAbout says what each AI level does in this game, from level
	// Levels.Min up: a level picker shows it next to the number.
	LevelAbout []game.Text `json:"levelAbout,omitempty"`
	// LevelRatings places each AI level, from Levels.Min up, on the
	// players' rating scale, by canonical game id as in Starts (levels
	// depend on options): a picker says "level 5, about 1815".
	LevelRatings map[string][]int `json:"levelRatings,omitempty"`
	// RatingPools are the game's rating pools, for leaderboards: its
	// default pool first, then one per option value rated apart.
	RatingPools []RatingPool `json:"ratingPools,omitempty"`
}

// RatingPool is one rating pool of a game (docs/ratings.md).
type RatingPool struct {
	Group string    `json:"group"`           // "oxford:variant=beginner", as GET /api/leaderboard/{group} takes it
	Label game.Text `json:"label,omitempty"` // what sets it apart; absent for the default pool
}

// Option is one option of a game, as game ids write it (name=value).
type Option struct {
	Name    string               `json:"name"`
	Default string               `json:"default"`
	Values  []string             `json:"values"`
	Doc     string               `json:"doc"`
	Label   game.Text            `json:"label"`
	Labels  map[string]game.Text `json:"labels"` // by value
}
