package api

import "github.com/plateau-games/plateau/game"

// LessonList answers GET /api/lessons: the games that have a lesson, in
// the catalog's order.
type LessonList struct {
	Lessons []LessonSummary `json:"lessons"`
}

// LessonSummary names one game's lesson.
type LessonSummary struct {
	Game  string    `json:"game"`
	Title game.Text `json:"title"`
	Steps int       `json:"steps"`
}

// Lesson answers GET /api/lessons/{game}: its steps, each with the legal
// moves of its position and those the step accepts, so that a client
// guides the clicks without an engine.
type Lesson struct {
	Game  string       `json:"game"`
	Title game.Text    `json:"title"`
	Steps []LessonStep `json:"steps"`
}

// LessonStep is one step: a position, one rule in a sentence and a task.
type LessonStep struct {
	Rule     string    `json:"rule"`
	ID       string    `json:"id"` // game id of the position
	Position string    `json:"position"`
	ToAct    int       `json:"toAct"`
	Says     game.Text `json:"says"`
	Task     game.Text `json:"task"`
	Miss     game.Text `json:"miss"`
	Done     game.Text `json:"done"`
	Legal    []string  `json:"legal"`  // the legal moves, byte order
	Accept   []string  `json:"accept"` // the legal moves the step accepts
	// After maps each legal move to the position it leads to, so that
	// the board shows the move played.
	After map[string]string `json:"after"`
}
