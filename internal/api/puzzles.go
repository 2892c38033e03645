package api

import "github.com/plateau-games/plateau/game"

// PuzzleGames answers GET /api/puzzles: the games with puzzles, and the
// puzzle of the day.
type PuzzleGames struct {
	Games []PuzzleGame `json:"games"`
	Daily *Puzzle      `json:"daily"`
}

// PuzzleGame is one game's puzzles: how many, and its themes.
type PuzzleGame struct {
	Game   string        `json:"game"`
	Count  int           `json:"count"`
	Themes []PuzzleTheme `json:"themes"`
}

// PuzzleTheme names a theme tag ("theme:push-off").
type PuzzleTheme struct {
	Tag   string    `json:"tag"`
	Title game.Text `json:"title"`
}

// Puzzle is a puzzle as a solver sees it: no solution, but every legal
// move with the position it leads to, so that a client shows the move
// tried without an engine.
type Puzzle struct {
	ID       string            `json:"id"`
	Game     string            `json:"game"`           // game id, options included
	Kind     string            `json:"kind,omitempty"` // "save": find the only move that does not lose; absent: the only win
	Position string            `json:"position"`
	ToAct    int               `json:"toAct"`
	Plies    int               `json:"plies"` // the win (of a save: every other move's loss) is forced within this many decisions
	Tags     []string          `json:"tags"`
	Themes   []PuzzleTheme     `json:"themes"`
	Rating   float64           `json:"rating"` // the puzzle's current rating
	Legal    []string          `json:"legal"`
	After    map[string]string `json:"after"`
	Day      string            `json:"day,omitempty"` // the UTC day, for the daily puzzle
	// Player is the asking player's rating at the game's puzzles, when
	// they have one.
	Player *PuzzleRating `json:"player"`
}

// PuzzleRating is a rating shown to people.
type PuzzleRating struct {
	Rating      float64 `json:"rating"`
	RD          float64 `json:"rd"`
	Provisional bool    `json:"provisional"`
	Attempts    int     `json:"attempts"`
	Solved      int     `json:"solved"`
}

// PuzzleAnswer is the body of POST /api/puzzles/{game}/{id}/answer.
type PuzzleAnswer struct {
	Move string `json:"move"`
}

// PuzzleResult says whether an answer was right, shows the solution,
// and the ratings after it: a player's first attempt at a puzzle moves
// both (Rated), a later one neither.
type PuzzleResult struct {
	Correct  bool          `json:"correct"`
	Solution string        `json:"solution"`
	After    string        `json:"after"` // the position after the solution
	Rated    bool          `json:"rated"`
	Player   *PuzzleRating `json:"player"`
	Before   *PuzzleRating `json:"before"` // the player's rating before the answer
	Puzzle   PuzzleRating  `json:"puzzle"`
}

// PuzzlePack answers GET /api/puzzles/{game}/pack: every puzzle of a
// game with its solution, which the offline app keeps so that puzzles go
// on with the network off (checked in the page, and not rated).
type PuzzlePack struct {
	Puzzles []PackedPuzzle `json:"puzzles"`
}

// PackedPuzzle is a puzzle as the pack carries it: the page finds its
// legal moves with the engine in the browser.
type PackedPuzzle struct {
	ID       string `json:"id"`
	Game     string `json:"game"`
	Kind     string `json:"kind,omitempty"`
	Position string `json:"position"`
	Solution string `json:"solution"`
	Plies    int    `json:"plies"`
}
